// @vitest-environment jsdom
/** 修改密码 says 「密码修改成功」 and what happens next once the server has taken the new password; a refusal keeps the form. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

Object.defineProperty(window, 'matchMedia', { value: (q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) });
const invoke = vi.fn();
vi.mock('../../../api/call', () => ({ invoke: (...args: unknown[]) => invoke(...args) }));
const { default: PasswordChange } = await import('../../../runtime/screens/profile/PasswordChange');

afterEach(() => { cleanup(); invoke.mockReset(); });

async function fill() {
  render(<MemoryRouter><PasswordChange /></MemoryRouter>);
  fireEvent.change(screen.getByLabelText('原密码'), { target: { value: 'Old@12345' } });
  fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Changed2026' } });
  fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Changed2026' } });
  fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
}

describe('password change', () => {
  it('confirms the change and tells what follows', async () => {
    invoke.mockResolvedValue(null);
    await fill();
    await waitFor(() => expect(screen.getByText('密码修改成功')).toBeTruthy());
    expect(invoke).toHaveBeenCalledWith('auth.changePassword', { body: { oldPassword: 'Old@12345', newPassword: 'Changed2026' } });
    expect(screen.getByText(/其他设备上的登录已退出.*下次登录请使用新密码/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /返回个人中心/ })).toBeTruthy();
  });

  it('a refused change shows no confirmation and keeps the form', async () => {
    invoke.mockRejectedValue(new Error('原密码不正确'));
    await fill();
    await waitFor(() => expect(invoke).toHaveBeenCalled());
    expect(screen.queryByText('密码修改成功')).toBeNull();
    expect(screen.getByRole('button', { name: /确认修改/ })).toBeTruthy();
  });
});
