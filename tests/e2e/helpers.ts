import { expect, type Page, type APIRequestContext } from '@playwright/test';

export const USERS = {
  admin: { username: 'admin', password: 'Admin@123' },
  business: { username: 'business', password: 'Business@123' },
  nobody: { username: 'nobody', password: 'Nobody@123' },
  orphan: { username: 'orphan', password: 'Orphan@123' },
  suzhou: { username: 'suzhou', password: 'Suzhou@123' },
} as const;

/** Fills the login form; stays on the current page when it already is the login page (keeps ?redirect). */
export async function fillLogin(page: Page, username: string, password: string) {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function loginAs(page: Page, user: keyof typeof USERS) {
  await fillLogin(page, USERS[user].username, USERS[user].password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function apiToken(request: APIRequestContext, user: keyof typeof USERS): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { data: USERS[user] } });
  const body = await response.json();
  expect(body.code).toBe(0);
  return body.data.token as string;
}
