// @vitest-environment jsdom
/**
 * 修改密码 is a submit form (pages/profile/password-change.json): the form's own rule refuses a weak
 * password before any call, the server's refusal of the old password shows on that field, and
 * success says 「密码修改成功」 and what follows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';
import page from '../../../pages/profile/password-change.json';
import type { PageDef } from '../../../runtime/router/types';
import { ApiError } from '../../../api/http';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
const invoke = vi.fn();
vi.mock('../../../api/call', () => ({ invoke: (...args: unknown[]) => invoke(...args) }));
const { default: SubmitFormPage } = await import('../../../runtime/renderers/form/SubmitFormPage');

afterEach(() => { cleanup(); invoke.mockReset(); });

async function fill(newPassword: string) {
  render(<MemoryRouter><App><SubmitFormPage page={page as unknown as PageDef} /></App></MemoryRouter>);
  fireEvent.change(await screen.findByPlaceholderText('请输入原密码'), { target: { value: 'Old@12345' } });
  fireEvent.change(screen.getByPlaceholderText('8至64位，且同时包含字母和数字'), { target: { value: newPassword } });
  fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
}

describe('password change', () => {
  it('refuses a weak new password with the rule the server applies, without calling', async () => {
    await fill('short');
    await waitFor(() => expect(screen.getByText('新密码应为8至64位，且同时包含字母和数字')).toBeTruthy());
    expect(invoke).not.toHaveBeenCalled();
  });

  it('confirms the change and tells what follows', async () => {
    invoke.mockResolvedValue(null);
    await fill('Changed2026');
    await waitFor(() => expect(screen.getByText('密码修改成功')).toBeTruthy());
    expect(invoke).toHaveBeenCalledWith('auth.changePassword', { body: { oldPassword: 'Old@12345', newPassword: 'Changed2026' } }, { silent: [400] });
    expect(screen.getByText(/其他设备上的登录已退出.*下次登录请使用新密码/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /返回个人中心/ })).toBeTruthy();
  });

  it('a wrong old password shows on its field and keeps the form', async () => {
    invoke.mockRejectedValue(new ApiError(400, '原密码不正确', 400, { field: 'oldPassword' }));
    await fill('Changed2026');
    await waitFor(() => expect(screen.getByText('原密码不正确')).toBeTruthy());
    expect(screen.queryByText('密码修改成功')).toBeNull();
    expect(screen.getByRole('button', { name: /确认修改/ })).toBeTruthy();
  });
});
