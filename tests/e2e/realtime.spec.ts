/**
 * Two users in two browser contexts: the admin's actions reach the business user's page within
 * seconds over the STOMP channel (notification box, daily-matters badge, chat badge).
 */
import { expect, test } from '@playwright/test';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { apiToken, loginAs } from './helpers';

test.describe('实时消息', () => {
  test('an OA notice and a chat message from admin reach the business user live', async ({ browser, baseURL }) => {
    const businessContext = await browser.newContext();
    const adminContext = await browser.newContext();
    const business = await businessContext.newPage();
    const admin = await adminContext.newPage();
    await loginAs(business, 'business');
    await loginAs(admin, 'admin');
    await expect(business.getByTestId('realtime-header')).toBeVisible();

    const businessToken = await apiToken(business.request, 'business');
    const me = await (await business.request.get('/api/v1/auth/me', { headers: { 'access-token': businessToken } })).json();
    const businessStaffId = me.data.staffId as number;
    // The demo leaves the business user unread notices (the box shows three at a time): clear
    // them first so the live one is the box's first item.
    expect((await (await business.request.post('/api/v1/message-base/notice/ignore-all', { headers: { 'access-token': businessToken }, data: { data: {} } })).json()).code).toBe(0); // set-up or check by API (see above), not a step a person performs
    await business.reload();
    await expect(business.getByTestId('realtime-header')).toBeVisible();

    // Admin's action, from admin's own page and session.
    const badge = business.getByTestId('daily-badge');
    // The layout loads the count on connect; no number is rendered while it is 0.
    await business.waitForTimeout(1000);
    const numbers = badge.locator('.ant-scroll-number');
    const before = (await numbers.count()) ? Number(await numbers.getAttribute('title')) : 0;
    const sent = await admin.evaluate(async (staffId) => {
      const res = await fetch('/api/v1/message-base/notice/send', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': localStorage.getItem('access-token') ?? '' },
        body: JSON.stringify({ data: { staffIds: [staffId], message: '请在今天下班前确认华东线报价' } }),
      });
      return res.json();
    }, businessStaffId);
    expect(sent.code).toBe(0);

    const item = business.getByTestId('notification-item').filter({ hasText: '请在今天下班前确认华东线报价' });
    await expect(item).toBeVisible({ timeout: 10_000 });
    await expect(item).toContainText('系统管理员');
    await expect(badge.locator('.ant-scroll-number')).toHaveAttribute('title', String(before + 1));

    // Dismissing confirms on the server first; the notice stays gone after a reload.
    await item.getByRole('button', { name: '关闭' }).click();
    await expect(item).toHaveCount(0);
    await business.reload();
    await expect(business.getByTestId('realtime-header')).toBeVisible();
    await business.waitForTimeout(1500);
    await expect(business.getByTestId('notification-item').filter({ hasText: '请在今天下班前确认华东线报价' })).toHaveCount(0);

    // A chat message from admin lights the business user's chat badge, blinking.
    const adminToken = await apiToken(admin.request, 'admin');
    const adminMe = await (await admin.request.get('/api/v1/auth/me', { headers: { 'access-token': adminToken } })).json();
    const stomp = new Client({
      webSocketFactory: () => new WebSocket(`${baseURL!.replace('http', 'ws')}/ws`),
      connectHeaders: { 'access-token': adminToken },
      reconnectDelay: 0,
      debug: () => undefined,
    });
    await new Promise<void>((resolve, reject) => {
      stomp.onConnect = () => resolve();
      stomp.onStompError = (f) => reject(new Error(f.headers.message));
      stomp.activate();
    });
    stomp.publish({ destination: '/app/send-message', body: JSON.stringify({ receiveStaffId: businessStaffId, content: '报价单已上传，请查收' }) });
    const chat = business.getByTestId('chat-badge');
    await expect(chat.locator('.ant-scroll-number')).toHaveAttribute('title', /^[1-9]\d*$/, { timeout: 10_000 });
    await expect(chat.locator('button')).toHaveAttribute('data-blinking', '1');
    await stomp.deactivate();
    void adminMe;

    await businessContext.close();
    await adminContext.close();
  });
});
