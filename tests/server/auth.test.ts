import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { clearSessionCache } from '../../server/auth/sessions';

const LOGIN = '/api/v1/auth/login';

describe.each(await backends())('auth on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(async () => h?.close());

  const orgIdByName = async (token: string, fragment: string) => {
    const r = await h.call('GET', '/api/v1/auth/orgs', { token });
    return (r.body.data as { orgId: number; name: string }[]).find((o) => o.name.includes(fragment))!.orgId;
  };

  it('logs in with a good password and answers a token in the envelope', async () => {
    const r = await h.call('POST', LOGIN, { data: { username: 'admin', password: 'Admin@123' } });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    expect(r.body.data.token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('trims the username', async () => {
    const r = await h.call('POST', LOGIN, { data: { username: '  business \t', password: 'Business@123' } });
    expect(r.body.code).toBe(0);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await h.call('POST', LOGIN, { data: { username: 'business', password: 'nope1234' }, ip: '10.0.0.2' });
    const unknown = await h.call('POST', LOGIN, { data: { username: 'ghost', password: 'nope1234' }, ip: '10.0.0.2' });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 400, msg: '用户名或密码错误', data: null });
    }
  });

  it('refuses an account with no organisation', async () => {
    const r = await h.call('POST', LOGIN, { data: { username: 'orphan', password: 'Orphan@123' } });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toBe('登录失败，账户不存在!');
  });

  it('refuses an account without permissions', async () => {
    const r = await h.call('POST', LOGIN, { data: { username: 'nobody', password: 'Nobody@123' } });
    expect(r.body.msg).toBe('您没有权限登录系统!');
  });

  it('refuses an organisation the account is not a member of, and a disabled one', async () => {
    const admin = await h.login('admin');
    const suzhouOrg = await orgIdByName(admin, '苏州');
    const guangzhouOrg = await orgIdByName(admin, '广州');
    const notMember = await h.call('POST', LOGIN, { data: { username: 'business', password: 'Business@123', orgId: suzhouOrg } });
    expect(notMember.body.msg).toBe('登录失败，账户不存在!');
    const disabled = await h.call('POST', LOGIN, { data: { username: 'admin', password: 'Admin@123', orgId: guangzhouOrg } });
    expect(disabled.body.msg).toBe('该单位已被禁用');
    const chosen = await h.login('admin', 'Admin@123', suzhouOrg);
    const me = await h.call('GET', '/api/v1/auth/me', { token: chosen });
    expect(me.body.data.orgId).toBe(suzhouOrg);
  });

  const captchaAnswer = async (captchaId: string) =>
    ((await h.database.db.selectFrom('loginCaptcha').select('answer').where('captchaId', '=', captchaId).executeTakeFirst()) as { answer: string }).answer;

  it('past the account limit asks for a captcha instead of locking the owner out', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await h.call('POST', LOGIN, { data: { username: 'suzhou', password: 'wrong-pass1' }, ip: `10.1.0.${i}` });
      expect(r.body).toEqual({ code: 400, msg: '用户名或密码错误', data: i === 4 ? { captchaRequired: true } : null });
    }
    // The right password without a captcha is not refused with 429: the owner is asked for a captcha.
    const asked = await h.call('POST', LOGIN, { data: { username: 'suzhou', password: 'Suzhou@123' }, ip: '10.1.0.99' });
    expect(asked.status).toBe(400);
    expect(asked.body).toEqual({ code: 400, msg: '登录失败次数过多，请输入验证码', data: { captchaRequired: true } });

    const c1 = (await h.call('GET', '/api/v1/auth/captcha')).body.data as { captchaId: string; svg: string };
    expect(c1.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const wrongCode = await h.call('POST', LOGIN, { data: { username: 'suzhou', password: 'Suzhou@123', captchaId: c1.captchaId, captchaCode: 'zzzzz' }, ip: '10.1.0.99' });
    expect(wrongCode.body).toEqual({ code: 400, msg: '验证码不正确，请重新输入', data: { captchaRequired: true } });
    // A captcha is good for one try only, even with the right answer afterwards.
    const reused = await h.call('POST', LOGIN, { data: { username: 'suzhou', password: 'Suzhou@123', captchaId: c1.captchaId, captchaCode: await captchaAnswer(c1.captchaId).catch(() => 'gone') }, ip: '10.1.0.99' });
    expect(reused.body.msg).toBe('验证码不正确，请重新输入');

    // A solved captcha with a wrong password still counts as a failure and asks again.
    const c2 = (await h.call('GET', '/api/v1/auth/captcha')).body.data;
    const guess = await h.call('POST', LOGIN, { data: { username: 'suzhou', password: 'wrong-pass2', captchaId: c2.captchaId, captchaCode: (await captchaAnswer(c2.captchaId)).toUpperCase() }, ip: '10.1.0.98' });
    expect(guess.body).toEqual({ code: 400, msg: '用户名或密码错误', data: { captchaRequired: true } });

    const c3 = (await h.call('GET', '/api/v1/auth/captcha')).body.data;
    const owner = await h.call('POST', LOGIN, { data: { username: 'suzhou', password: 'Suzhou@123', captchaId: c3.captchaId, captchaCode: await captchaAnswer(c3.captchaId) }, ip: '10.1.0.99' });
    expect(owner.body.code).toBe(0);
    // Success wipes the account's failures: the next login needs no captcha.
    expect((await h.call('POST', LOGIN, { data: { username: 'suzhou', password: 'Suzhou@123' }, ip: '10.1.0.97' })).body.code).toBe(0);
    // other accounts are unaffected
    expect((await h.call('POST', LOGIN, { data: { username: 'business', password: 'Business@123' } })).status).toBe(200);
  });

  it('checks exactly the account limit of passwords when wrong logins arrive in parallel', async () => {
    const attempts = await Promise.all(Array.from({ length: 60 }, (_, i) =>
      h.call('POST', LOGIN, { data: { username: 'admin', password: `wrong-${i}` }, ip: `10.3.${Math.floor(i / 250)}.${i % 250}` })));
    const checked = attempts.filter((r) => r.body.msg === '用户名或密码错误');
    const asked = attempts.filter((r) => r.body.msg === '登录失败次数过多，请输入验证码');
    expect(checked).toHaveLength(5);
    expect(asked).toHaveLength(55);
    await h.database.db.deleteFrom('loginFailure').where('username', '=', 'admin').execute();
  });

  it('limits failed logins per address', async () => {
    for (let i = 0; i < 20; i++) {
      await h.call('POST', LOGIN, { data: { username: `nobody-${i}`, password: 'x' }, ip: '10.9.9.9' });
    }
    const r = await h.call('POST', LOGIN, { data: { username: 'business', password: 'Business@123' }, ip: '10.9.9.9' });
    expect(r.status).toBe(429);
  });

  it('returns the profile of seed 000 §3.2', async () => {
    const token = await h.login('business');
    const r = await h.call('GET', '/api/v1/auth/me', { token });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.permissionScopes).toEqual(expect.arrayContaining([{ permissionName: '商务' }, { permissionName: '首页' }]));
    expect(d).toMatchObject({ name: '周慧敏', username: 'business', orgName: '华运物流(上海)有限公司', config: {}, templateConfig: {} });
    for (const k of ['corpId', 'orgId', 'depId', 'staffId']) expect(typeof d[k]).toBe('number');
    expect(JSON.stringify(d)).not.toMatch(/passwordHash|argon2/);
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await h.call('GET', '/api/v1/auth/me')).body).toMatchObject({ code: 401 });
    const bad = await h.call('GET', '/api/v1/auth/me', { token: 'f'.repeat(32) });
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toMatch(/登录/);
  });

  it('logout revokes the token', async () => {
    const token = await h.login('business');
    expect((await h.call('POST', '/api/v1/auth/logout', { token, data: {} })).body.code).toBe(0);
    expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(401);
  });

  it('lists the person\'s organisations with the disabled flag and switches between them', async () => {
    const token = await h.login('admin');
    const orgs = (await h.call('GET', '/api/v1/auth/orgs', { token })).body.data as { orgId: number; name: string; disabled: boolean }[];
    expect(orgs).toHaveLength(3);
    expect(orgs.find((o) => o.name.includes('广州'))!.disabled).toBe(true);
    expect(orgs.filter((o) => !o.disabled)).toHaveLength(2);

    const suzhou = orgs.find((o) => o.name.includes('苏州'))!.orgId;
    const sw = await h.call('POST', '/api/v1/auth/switch-org', { token, data: { orgId: suzhou } });
    expect(sw.body.code).toBe(0);
    const newToken = sw.body.data.token as string;
    expect(newToken).not.toBe(token);
    expect((await h.call('GET', '/api/v1/auth/me', { token: newToken })).body.data.orgId).toBe(suzhou);
    expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(401);

    const gz = orgs.find((o) => o.name.includes('广州'))!.orgId;
    const refused = await h.call('POST', '/api/v1/auth/switch-org', { token: newToken, data: { orgId: gz } });
    expect(refused.body).toMatchObject({ code: 400, msg: '该单位已被禁用，无法切换' });
    const stranger = await h.call('POST', '/api/v1/auth/switch-org', { token: newToken, data: { orgId: 999999 } });
    expect(stranger.body.code).toBe(404);
  });

  it('changes the password, checks the old one and revokes the other sessions', async () => {
    const first = await h.login('business');
    const second = await h.login('business');
    const wrongOld = await h.call('POST', '/api/v1/auth/change-password', { token: first, data: { oldPassword: 'bad', newPassword: 'Better123', confirmPassword: 'Better123' } });
    expect(wrongOld.body).toMatchObject({ msg: '原密码不正确', data: { field: 'oldPassword' } });
    const weak = await h.call('POST', '/api/v1/auth/change-password', { token: first, data: { oldPassword: 'Business@123', newPassword: 'onlyletters', confirmPassword: 'onlyletters' } });
    expect(weak.body.code).toBe(400);
    expect(weak.body.msg).toBe('新密码应为8至64位，且同时包含字母和数字');
    const okRes = await h.call('POST', '/api/v1/auth/change-password', { token: first, data: { oldPassword: 'Business@123', newPassword: 'Business@456', confirmPassword: 'Business@456' } });
    expect(okRes.body.code).toBe(0);
    expect((await h.call('GET', '/api/v1/auth/me', { token: first })).status).toBe(200);
    expect((await h.call('GET', '/api/v1/auth/me', { token: second })).status).toBe(401);
    expect((await h.call('POST', LOGIN, { data: { username: 'business', password: 'Business@123' } })).body.code).toBe(400);
    await h.login('business', 'Business@456');
    // restore for the other tests of this file
    await h.call('POST', '/api/v1/auth/change-password', { token: first, data: { oldPassword: 'Business@456', newPassword: 'Business@123', confirmPassword: 'Business@123' } });
  });

  it('refuses a confirmation that differs from the new password, by the form’s own rule, and changes nothing', async () => {
    const token = await h.login('business');
    const differs = await h.call('POST', '/api/v1/auth/change-password', { token, data: { oldPassword: 'Business@123', newPassword: 'Business@789', confirmPassword: 'Business@780' } });
    expect(differs.body).toMatchObject({ code: 400, msg: '两次输入的密码不一致', data: { field: 'confirmPassword' } });
    const missing = await h.call('POST', '/api/v1/auth/change-password', { token, data: { oldPassword: 'Business@123', newPassword: 'Business@789' } });
    expect(missing.body).toMatchObject({ code: 400, msg: '请再次输入新密码', data: { field: 'confirmPassword' } });
    // check: the old password still logs in, the session stands
    await h.login('business', 'Business@123');
    expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(200);
  });

  it('limits wrong old passwords on a password change', async () => {
    const login = await h.call('POST', '/api/v1/auth/login', { ip: '10.77.0.1', data: { username: 'suzhou', password: 'Suzhou@123' } });
    expect(login.body).toMatchObject({ code: 0 });
    const token = login.body.data.token as string;
    const wrong = { token, ip: '10.77.0.1', data: { oldPassword: 'Wrong@1234', newPassword: 'Better@2026', confirmPassword: 'Better@2026' } };
    for (let i = 0; i < 5; i++) expect((await h.call('POST', '/api/v1/auth/change-password', wrong)).status).toBe(400);
    const locked = await h.call('POST', '/api/v1/auth/change-password', { ...wrong, data: { oldPassword: 'Suzhou@123', newPassword: 'Better@2026', confirmPassword: 'Better@2026' } });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/^原密码错误次数过多，请\d+分钟后再试$/);
    expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(200);
  });

  it('expires a session after the idle time', async () => {
    const token = await h.login('business');
    expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(200);
    await sql`update auth_session set last_seen_at = now() - interval '9 hours' where revoked_at is null`.execute(h.database.db);
    clearSessionCache(); // nine hours have "passed": far beyond the few seconds a verified session is cached
    expect((await h.call('GET', '/api/v1/auth/me', { token })).status).toBe(401);
  });

  it('stores only token hashes', async () => {
    const token = await h.login('admin');
    const rows = (await h.database.db.selectFrom('authSession').select('tokenHash').execute()) as { tokenHash: string }[];
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});
