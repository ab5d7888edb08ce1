// @vitest-environment jsdom
/**
 * 修改密码 is a submit form (pages/profile/password-change.json): the form's own rule refuses a weak
 * password before any call, a 确认新密码 that differs is refused by its declared `sameAs` rule in the
 * browser and, from the same form definition, by the call's body schema on the server (which then
 * drops the confirmation before the handler), the server's refusal of the old password shows on
 * that field, and success says 「密码修改成功」 and what follows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';
import page from '../../../pages/profile/password-change.json';
import type { PageDef } from '../../../runtime/router/types';
import { ApiError } from '../../../api/http';
import catalogue from '../../../schemas/generated/catalogue.json';
import { check, compileEntry, dropConfirmations } from '../../../server/crud/request-validation';
import type { CatalogueEntry } from '../../../server/schema/types';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
const invoke = vi.fn();
vi.mock('../../../api/call', () => ({ invoke: (...args: unknown[]) => invoke(...args) }));
const { default: SubmitFormPage } = await import('../../../runtime/renderers/form/SubmitFormPage');

afterEach(() => { cleanup(); invoke.mockReset(); });

async function fill(newPassword: string, confirmPassword = newPassword) {
  render(<MemoryRouter><App><SubmitFormPage page={page as unknown as PageDef} /></App></MemoryRouter>);
  fireEvent.change(await screen.findByPlaceholderText('请输入原密码'), { target: { value: 'Old@12345' } });
  fireEvent.change(screen.getByPlaceholderText('8至64位，且同时包含字母和数字'), { target: { value: newPassword } });
  fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
}

const entry = (catalogue as unknown as CatalogueEntry[]).find((e) => e.id === 'auth.changePassword');

describe('password change', () => {
  it('refuses a weak new password with the rule the server applies, without calling', async () => {
    await fill('short');
    await waitFor(() => expect(screen.getByText('新密码应为8至64位，且同时包含字母和数字')).toBeTruthy());
    expect(invoke).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs from the new password, without calling', async () => {
    await fill('Changed2026', 'Changed2025');
    await waitFor(() => expect(screen.getByText('两次输入的密码不一致')).toBeTruthy());
    expect(invoke).not.toHaveBeenCalled();
  });

  it('the server refuses the same mismatch with the same words, from the same form, and hands the handler no confirmation', () => {
    const validators = compileEntry(entry!);
    let refused: unknown;
    try {
      check(validators.body, { oldPassword: 'Old@12345', newPassword: 'Changed2026', confirmPassword: 'Changed2025' });
    } catch (err) {
      refused = err;
    }
    expect(refused).toMatchObject({ message: '两次输入的密码不一致', data: { field: 'confirmPassword' } });
    const body = { oldPassword: 'Old@12345', newPassword: 'Changed2026', confirmPassword: 'Changed2026' };
    check(validators.body, body);
    dropConfirmations(entry!.body, body);
    expect(body).toEqual({ oldPassword: 'Old@12345', newPassword: 'Changed2026' });
  });

  it('confirms the change and tells what follows', async () => {
    invoke.mockResolvedValue(null);
    await fill('Changed2026');
    await waitFor(() => expect(screen.getByText('密码修改成功')).toBeTruthy());
    expect(invoke).toHaveBeenCalledWith('auth.changePassword', { body: { oldPassword: 'Old@12345', newPassword: 'Changed2026', confirmPassword: 'Changed2026' } }, { silent: [400] });
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
