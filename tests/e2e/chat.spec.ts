/**
 * The enquiry-quote message page (供应商问答): two users in two browser contexts chat through the
 * STOMP /app/send-message and /app/read-message destinations; the conversation persists.
 */
import { expect, test } from '@playwright/test';
import { apiToken, loginAs } from './helpers';

const PAGE = '/business/clue/enquiry-seq-quote-message';

test('admin and the business user chat live on the supplier Q&A page, and it persists', async ({ browser }) => {
  const aCtx = await browser.newContext();
  const bCtx = await browser.newContext();
  const admin = await aCtx.newPage();
  const business = await bCtx.newPage();
  await loginAs(admin, 'admin');
  await loginAs(business, 'business');
  const names = {} as Record<'admin' | 'business', string>;
  for (const [who, page] of [['admin', admin], ['business', business]] as const) {
    const token = await apiToken(page.request, who);
    names[who] = (await (await page.request.get('/api/v1/auth/me', { headers: { 'access-token': token } })).json()).data.name;
  }

  await admin.goto(PAGE);
  await business.goto(PAGE);
  await expect(admin.getByTestId('chat-page')).toBeVisible();
  await expect(business.getByTestId('chat-page')).toBeVisible();
  // Let both STOMP clients connect before the first message.
  await admin.waitForTimeout(1500);

  const text = `华东线报价已更新 ${Date.now()}`;
  await admin.getByTestId('chat-page').locator('.ant-select').click();
  await admin.keyboard.type(names.business);
  await admin.locator('.ant-select-item-option').filter({ hasText: names.business }).click();
  await admin.getByPlaceholder('输入消息，Enter 发送').fill(text);
  await admin.getByPlaceholder('输入消息，Enter 发送').press('Enter');
  await expect(admin.getByTestId('chat-page').getByText(text)).toBeVisible({ timeout: 10_000 });

  // The business user sees a new conversation from admin with an unread count, opens it, replies.
  const contact = business.getByTestId('chat-page').locator('.ant-list-item').filter({ hasText: names.admin });
  await expect(contact).toBeVisible({ timeout: 10_000 });
  await expect(contact.locator('.ant-scroll-number')).toHaveAttribute('title', '1');
  await contact.click();
  await expect(business.getByTestId('chat-page').getByText(text)).toBeVisible();
  const reply = `收到，今天下午确认 ${Date.now()}`;
  await business.getByPlaceholder('输入消息，Enter 发送').fill(reply);
  await business.getByRole('button', { name: /发\s*送/ }).click();
  await expect(admin.getByTestId('chat-page').getByText(reply)).toBeVisible({ timeout: 10_000 });

  // Persisted: after a reload the conversation is still there, and nothing is unread for the reader.
  await business.reload();
  const again = business.getByTestId('chat-page').locator('.ant-list-item').filter({ hasText: names.admin });
  await expect(again).toBeVisible();
  await expect(again.locator('.ant-scroll-number')).toHaveCount(0);
  await again.click();
  await expect(business.getByTestId('chat-page').getByText(text)).toBeVisible();
  await expect(business.getByTestId('chat-page').getByText(reply)).toBeVisible();

  await aCtx.close();
  await bCtx.close();
});
