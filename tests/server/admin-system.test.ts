/**
 * 系统管理 and 业务流程设置 (issue 10): process templates (one enabled per business type, nodes
 * checked against the organisation), the operation log search with its diff, typed settings with
 * defaults (getSetting), the holiday calendar from chinese-days, WeChat-Work configuration with
 * write-only secrets and message resend, and data-import jobs with a per-row error report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startHarness, type Harness } from './helpers/harness';
import { getSetting } from '../../server/admin/settings';
import { userWith } from './project-helpers';

const U = '/api/v1/user-base';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(name: string, data: Buffer): { body: Buffer; type: string } {
  const boundary = `----t${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${encodeURIComponent(name)}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  return { body: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

describe('系统管理', () => {
  let h: Harness;
  let admin: string;
  let suzhou: string;
  let sh: number;
  const staffId = async (name: string) => ((await h.database.db.selectFrom('staff').select('staffId').where('orgId', '=', sh).where('name', '=', name).executeTakeFirstOrThrow()) as { staffId: number }).staffId;
  const roleId = async (orgId: number, code: string) => ((await h.database.db.selectFrom('role').select('roleId').where('orgId', '=', orgId).where('code', '=', code).executeTakeFirstOrThrow()) as { roleId: number }).roleId;
  const upload = async (token: string, importType: number, name: string, data: Buffer, mode?: 'check' | 'commit') => {
    const m = multipart(name, data);
    const res = await h.app.inject({ method: 'POST', url: `${U}/data-import/upload?importType=${importType}${mode ? `&mode=${mode}` : ''}`, headers: { 'access-token': token, 'content-type': m.type }, payload: m.body });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  beforeAll(async () => {
    h = await startHarness('pglite');
    [admin, suzhou] = [await h.login('admin'), await h.login('suzhou')];
    sh = (await h.call('GET', '/api/v1/auth/me', { token: admin })).body.data.orgId;
  });
  afterAll(async () => h?.close());

  describe('业务流程设置', () => {
    it('keeps one enabled template per business type, nodes checked against the organisation', async () => {
      const finMgr = await roleId(sh, 'finMgr');
      const demo = (await h.call('GET', `${U}/process-template/page?bizType=1&enabled=true`, { token: admin })).body.data;
      expect(demo.list.map((t: any) => t.name)).toEqual(['批量付款审批']);
      const created = await h.call('POST', `${U}/process-template/save`, { token: admin, data: { name: '资金付款审批(新)', bizType: 1, nodes: [
        { name: '财务经理', approverType: 2, roleIds: [finMgr] },
        { name: '总经理', approverType: 1, staffIds: [await staffId('沈伟民')], minAmount: 200000 },
      ] } });
      expect(created.status).toBe(200);
      // The type already has an enabled chain: a new one waits, disabled.
      expect(created.body.data.enabled).toBe(false);
      expect(created.body.data.nodes[0]).toMatchObject({ approverType: 2, roleIds: [finMgr], approverIds: [finMgr], staffIds: [], mode: 'any' });
      expect(created.body.data.nodes[1]).toMatchObject({ approverIds: [await staffId('沈伟民')], minAmount: 200000 });
      const id = created.body.data.processTemplateId;
      const clash = await h.call('PUT', `${U}/process-template/${id}/enable`, { token: admin, data: { version: created.body.data.version } });
      expect(clash.status).toBe(409);
      expect(clash.body.msg).toBe('「批量付款」已有启用的流程「批量付款审批」，请先停用');
      expect((await h.call('PUT', `${U}/process-template/${demo.list[0].processTemplateId}/disable`, { token: admin, data: { version: demo.list[0].version } })).body.data.enabled).toBe(false);
      expect((await h.call('PUT', `${U}/process-template/${id}/enable`, { token: admin, data: { version: created.body.data.version } })).body.data.enabled).toBe(true);
      const copy = await h.call('POST', `${U}/process-template/${id}/copy`, { token: admin, data: {} });
      expect(copy.body.data).toMatchObject({ name: '资金付款审批(新)（副本）', enabled: false, bizType: 1 });
      const enabled = (await h.call('GET', `${U}/process-template/page?bizType=1&enabled=true`, { token: admin })).body.data;
      expect(enabled.list.map((t: any) => t.processTemplateId)).toEqual([id]);
    });

    it.each([
      { name: 'a staff node without staff', nodes: [{ name: '审批', approverType: 1 }], msg: '第1个节点「审批」：请选择指定员工' },
      { name: 'a role node without roles', nodes: [{ name: '审批', approverType: 2, roleIds: [] }], msg: '第1个节点「审批」：请选择角色' },
      { name: 'a permission that does not exist', nodes: [{ name: '审批', approverType: 5, permission: '不存在的权限' }], msg: '第1个节点「审批」：权限不存在：不存在的权限' },
      { name: 'two nodes of one name', nodes: [{ name: 'A', approverType: 3 }, { name: 'A', approverType: 4 }], msg: '节点名称重复：A' },
      { name: 'an unknown approver type', nodes: [{ name: 'A', approverType: 9 }], msg: /审批人类型/ },
    ])('refuses $name', async ({ nodes, msg }) => {
      const r = await h.call('POST', `${U}/process-template/save`, { token: admin, data: { name: '坏流程', bizType: 13, nodes } });
      expect(r.status).toBe(400);
      if (typeof msg === 'string') expect(r.body.msg).toBe(msg); else expect(r.body.msg).toMatch(msg);
    });

    it('refuses approvers of another organisation', async () => {
      const szRole = await roleId((await h.call('GET', '/api/v1/auth/me', { token: suzhou })).body.data.orgId, 'finMgr');
      const r = await h.call('POST', `${U}/process-template/save`, { token: admin, data: { name: '跨单位', bizType: 14, nodes: [{ name: 'A', approverType: 2, roleIds: [szRole] }] } });
      expect(r.body.msg).toBe('第1个节点「A」：角色不存在或不属于本单位');
      const other = await h.call('GET', `${U}/process-template/page`, { token: suzhou });
      expect(other.body.data.list.every((t: any) => t.orgId !== sh)).toBe(true);
    });
  });

  describe('操作日志', () => {
    it('finds changes by module, operator, time and keyword, each with its field diff', async () => {
      const dep = (await h.call('POST', `${U}/department/save`, { token: admin, data: { name: '日志测试部' } })).body.data;
      await h.call('PUT', `${U}/department/${dep.depId}`, { token: admin, data: { name: '日志测试部二', version: dep.version } });
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      const me = await staffId('系统管理员');
      const page = (await h.call('GET', `${U}/operation-log/page?moduleCode=12&operatorStaffId=${me}&createdAtStart=${today}&createdAtEnd=${today}&keyword=${encodeURIComponent('日志测试部二')}`, { token: admin })).body.data;
      expect(page.list.map((l: any) => l.operationType).sort()).toEqual([2]);
      const change = page.list[0];
      expect(change).toMatchObject({ entityTitle: '部门', action: '修改', operatorName: '系统管理员' });
      expect(change.content).toEqual([{ field: 'name', label: '部门名称', before: '日志测试部', after: '日志测试部二' }]);
      expect((await h.call('GET', `${U}/operation-log/page`, { token: await h.login('business') })).status).toBe(403);
      const file = await h.app.inject({ method: 'GET', url: `${U}/operation-log/export-excel?moduleCode=12`, headers: { 'access-token': admin } });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.getRow(1).values).toContain('创建时间');
    });
  });

  describe('系统配置', () => {
    it('answers the defaults until the organisation saves its own, checks types and ranges', async () => {
      const gz = ((await h.database.db.selectFrom('organization').select('orgId').where('name', 'like', '%广州%').executeTakeFirstOrThrow()) as { orgId: number }).orgId;
      expect(await getSetting(h.database.db, gz, 'receiptOverdueDays')).toBe(15);
      expect(await getSetting(h.database.db, gz, 'quoteMarginAlertPct')).toBe(8);
      expect(await getSetting(h.database.db, gz, 'receiptOriginalRequired')).toBe(false);
      const current = (await h.call('GET', `${U}/system-config/current`, { token: admin })).body.data;
      expect(current).toMatchObject({ receiptOverdueDays: 15, receiptOriginalRequired: true, defaultTaxRate: 9, insuranceMinPremium: '200.00' });
      const saved = await h.call('PUT', `${U}/system-config`, { token: admin, data: { receiptOverdueDays: 20, quoteMarginAlertPct: '7.5', version: current.version } });
      expect(saved.status).toBe(200);
      expect(await getSetting(h.database.db, sh, 'receiptOverdueDays')).toBe(20);
      expect(await getSetting(h.database.db, sh, 'quoteMarginAlertPct')).toBe(7.5);
      const bad = await h.call('PUT', `${U}/system-config/receiptOverdueDays`, { token: admin, data: { value: 0 } });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toContain('回单超期天数');
      const one = await h.call('PUT', `${U}/system-config/trackRefreshSeconds`, { token: admin, data: { value: 30 } });
      expect(one.body.data).toMatchObject({ configKey: 'trackRefreshSeconds', value: 30, defaultValue: 60 });
      expect((await h.call('PUT', `${U}/system-config/noSuchKey`, { token: admin, data: { value: 1 } })).status).toBe(404);
      const list = (await h.call('GET', `${U}/system-config/list`, { token: suzhou })).body.data;
      expect(list.find((c: any) => c.configKey === 'receiptOverdueDays').value).toBe(10); // 苏州 keeps its own
      expect(list).toHaveLength(13);
    });
  });

  describe('节假日日历', () => {
    it('generates a year from the statutory calendar and the annual arrangement, editable day by day', async () => {
      const days = (await h.call('GET', `${U}/holiday-calendar/list?year=2026`, { token: admin })).body.data as any[];
      expect(days).toHaveLength(365);
      const day = (d: string) => days.find((x) => x.day === d);
      expect(day('2026-10-01')).toMatchObject({ dayType: 3, holidayName: '国庆节' });
      expect(day('2026-10-05')).toMatchObject({ dayType: 2, holidayName: '国庆节' });
      expect(day('2026-10-10')).toMatchObject({ dayType: 4, holidayName: '国庆节调休' });
      expect(day('2026-02-16')).toMatchObject({ dayType: 3, holidayName: '春节' }); // 除夕 is statutory since 2025
      expect(day('2026-03-07')).toMatchObject({ dayType: 2, holidayName: null });
      expect(day('2026-03-09')).toMatchObject({ dayType: 1 });
      expect(days.filter((d) => d.dayType === 3)).toHaveLength(13);
      const edit = await h.call('PUT', `${U}/holiday-calendar/${day('2026-03-09').calendarId}`, { token: admin, data: { dayType: 2, holidayName: '公司年假', version: day('2026-03-09').version } });
      expect(edit.status).toBe(200);
      const again = (await h.call('POST', `${U}/holiday-calendar/generate`, { token: admin, data: { year: 2026 } })).body.data;
      expect(again).toMatchObject({ written: 0, kept: 365, statutory: 13, adjusted: 6, covered: true });
      const kept = (await h.call('GET', `${U}/holiday-calendar/list?year=2026&dayStart=2026-03-09&dayEnd=2026-03-09`, { token: admin })).body.data[0];
      expect(kept).toMatchObject({ dayType: 2, holidayName: '公司年假' });
      const reset = (await h.call('POST', `${U}/holiday-calendar/generate`, { token: admin, data: { year: 2026, overwrite: true } })).body.data;
      expect(reset.written).toBe(365);
      expect((await h.call('GET', `${U}/holiday-calendar/list?year=2026&dayStart=2026-03-09&dayEnd=2026-03-09`, { token: admin })).body.data[0]).toMatchObject({ dayType: 1, holidayName: null });
      const older = (await h.call('POST', `${U}/holiday-calendar/generate`, { token: admin, data: { year: 2024 } })).body.data;
      expect(older).toMatchObject({ written: 366, statutory: 11, covered: true }); // 11 statutory days before the 2024 revision
      const future = (await h.call('POST', `${U}/holiday-calendar/generate`, { token: admin, data: { year: 2027 } })).body.data;
      expect(future).toMatchObject({ covered: false, statutory: 13, adjusted: 0 });
      expect(future.message).toContain('尚未收录');
      const years = (await h.call('GET', `${U}/holiday-calendar/years`, { token: admin })).body.data;
      expect(years.map((y: any) => [y.year, y.covered])).toEqual([[2024, true], [2025, true], [2026, true], [2027, false]]);
    });
  });

  describe('企业微信配置 and 微信消息记录', () => {
    it('never shows secrets, keeps them when left empty, and records a test message', async () => {
      const cfg = (await h.call('GET', '/api/v1/message-base/wechat-config', { token: admin })).body.data;
      expect(cfg).toMatchObject({ secretSet: true, enabled: true });
      expect(cfg).not.toHaveProperty('secret');
      expect((await h.call('GET', '/api/v1/message-base/wechat-config', { token: suzhou })).body.data).toMatchObject({ secretSet: false, enabled: false });
      const bad = await h.call('PUT', '/api/v1/message-base/wechat-config', { token: admin, data: { defaultWebhookUrl: 'http://10.0.0.1/steal', version: cfg.version } });
      expect(bad.status).toBe(400);
      const saved = (await h.call('PUT', '/api/v1/message-base/wechat-config', { token: admin, data: {
        wxCorpId: 'ww1234567890abcd', agentId: '1000002', secret: 'S3cret-value', defaultWebhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=test', enabled: true, version: cfg.version } })).body.data;
      expect(saved).not.toHaveProperty('secret');
      expect(saved.secretSet).toBe(true);
      const kept = (await h.call('PUT', '/api/v1/message-base/wechat-config', { token: admin, data: { secret: '', agentId: '1000003', version: saved.version } })).body.data;
      expect(kept.secretSet).toBe(true);
      const stored = (await h.database.db.selectFrom('wechatConfig').select('secret').where('orgId', '=', sh).executeTakeFirstOrThrow()) as { secret: string };
      expect(stored.secret).toBe('S3cret-value');
      const { httpTransport } = await import('../../server/messaging/wechat-bot');
      const sent: unknown[] = [];
      const original = httpTransport.send;
      httpTransport.send = async (_url, payload) => { sent.push(payload); throw new Error('网络不可达'); };
      try {
        const test = (await h.call('POST', '/api/v1/message-base/wechat-config/test', { token: admin, data: {} })).body.data;
        expect(test.ok).toBe(false);
        expect(test.message).toBe('发送失败：网络不可达');
        expect(sent).toHaveLength(1);
        const records = (await h.call('GET', '/api/v1/message-base/wechat-bot-message/record-page?status=2', { token: admin })).body.data;
        expect(records.list[0]).toMatchObject({ wechatBotMessageId: test.wechatBotMessageId, lastError: '网络不可达' });
        httpTransport.send = async (_url, payload) => { sent.push(payload); };
        const resend = await h.call('POST', `/api/v1/message-base/wechat-bot-message/${test.wechatBotMessageId}/resend`, { token: admin, data: {} });
        expect(resend.body.data).toMatchObject({ status: 0 });
        expect((await h.call('POST', `/api/v1/message-base/wechat-bot-message/${test.wechatBotMessageId}/resend`, { token: suzhou, data: {} })).status).toBe(404);
      } finally {
        httpTransport.send = original;
      }
    });
  });

  describe('数据导入', () => {
    it('lists the import types it can take, with the reason when one is not open', async () => {
      const types = (await h.call('GET', `${U}/data-import/types`, { token: admin })).body.data as any[];
      expect(types.find((t) => t.importType === 7)).toMatchObject({ title: '员工', available: true });
      expect(types.find((t) => t.importType === 1)).toMatchObject({ title: '客户', available: true });
      const tpl = await h.app.inject({ method: 'GET', url: `${U}/data-import/template/7`, headers: { 'access-token': admin } });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, '*姓名', '登录账号', '初始密码', '手机号', '部门', '岗位', '角色', '入职日期', '驾驶员', '准驾车型']);
    });

    it('previews staff rows with per-row errors, then imports the valid ones once', async () => {
      const header = ['*姓名', '登录账号', '初始密码', '手机号', '部门', '岗位', '角色'];
      const rows = [
        header,
        ['导入甲', 'importa', 'Import@2026', '13900000001', '干线调度组', '调度员', '调度主管'],
        ['导入乙', 'importb', 'Import@2026', '1390000', '干线调度组', '调度员', ''],
        ['导入丙', '', '', '13900000003', '不存在的部门', '', ''],
        ['导入丁', '', '', '', '财务部', '出纳', ''],
      ];
      const job = await upload(admin, 7, '员工导入.xlsx', await xlsx(rows));
      expect(job.status).toBe(200);
      expect(job.body.data).toMatchObject({ status: 5, totalRows: 4, successRows: 2, failedRows: 2, importType: 7 });
      expect(job.body.data.errors.map((e: any) => e.row)).toEqual([3, 4]);
      expect(job.body.data.errors[0].message).toContain('手机号');
      expect(job.body.data.errors[1].message).toContain('不存在的部门');
      expect((await h.database.db.selectFrom('staff').select('staffId').where('name', '=', '导入甲').execute()).length).toBe(0);
      const done = await h.call('POST', `${U}/data-import/${job.body.data.jobId}/commit`, { token: admin, data: {} });
      expect(done.body.data).toMatchObject({ status: 10, successRows: 2, failedRows: 2 });
      expect((await h.call('POST', `${U}/data-import/${job.body.data.jobId}/commit`, { token: admin, data: {} })).status).toBe(409);
      const token = await h.login('importa', 'Import@2026');
      expect((await h.call('GET', '/api/v1/auth/me', { token })).body.data.permissionScopes.map((p: any) => p.permissionName)).toContain('调度');
      const logged = await h.database.db.selectFrom('operationLog').select('recordType').where('entity', '=', 'staff').where('subjectName', '=', '导入甲').execute();
      expect(logged).toEqual([{ recordType: 1 }]);
    });

    it('check writes nothing and answers the per-row report the import dialog reads; commit by the job writes only the valid rows', async () => {
      const header = ['*姓名', '登录账号', '初始密码', '手机号', '部门', '岗位', '角色'];
      const sheet = await xlsx([
        header,
        ['检查甲', '', '', '13900000011', '干线调度组', '调度员', ''],
        ['检查乙', '', '', '123', '干线调度组', '调度员', ''],
        ['检查丙', '', '', '13900000013', '财务部', '出纳', ''],
      ]);
      const named = async () => (await h.database.db.selectFrom('staff').select('name').where('name', 'like', '检查%').orderBy('name').execute()).map((r) => r.name);
      const checked = await upload(admin, 7, '员工检查.xlsx', sheet, 'check');
      expect(checked.status).toBe(200);
      expect(checked.body.data).toMatchObject({ status: 5, total: 3, valid: 2, imported: 0 });
      expect(checked.body.data.errors).toEqual([expect.objectContaining({ row: 3 })]);
      expect(checked.body.data.errors[0].message).toContain('手机号');
      expect(await named()).toEqual([]);
      const done = await h.call('POST', `${U}/data-import/${checked.body.data.jobId}/commit`, { token: admin, data: {} });
      expect(done.body.data).toMatchObject({ status: 10, total: 3, valid: 0, imported: 2, message: '已导入 2 条' });
      expect(done.body.data.errors.map((e: any) => e.row)).toEqual([3]);
      expect((await named()).sort()).toEqual(['检查丙', '检查甲'].sort());
    });

    it('mode=commit checks and imports the valid rows in one upload', async () => {
      const sheet = await xlsx([['*姓名', '手机号', '部门'], ['一次甲', '13900000021', '财务部'], ['一次乙', '1', '财务部']]);
      const done = await upload(admin, 7, '一次导入.xlsx', sheet, 'commit');
      expect(done.body.data).toMatchObject({ status: 10, total: 2, imported: 1 });
      expect((await h.database.db.selectFrom('staff').select('name').where('name', 'like', '一次%').execute()).map((r) => r.name)).toEqual(['一次甲']);
    });

    it('refuses an import type the caller may not import, or one this build does not open, on the server', async () => {
      const sheet = await xlsx([['*姓名'], ['越权甲']]);
      // 数据导入 and 供应商 editing, not staff: the staff type is refused whatever the screen offered.
      const { token } = await userWith(h, ['系统管理:数据导入', '运力资源:供应商:编辑']);
      for (const mode of ['check', 'commit'] as const) {
        const refused = await upload(token, 7, 'x.xlsx', sheet, mode);
        expect(refused.status).toBe(403);
        expect(refused.body.msg).toBe('您没有导入员工的权限');
      }
      expect((await h.app.inject({ method: 'GET', url: `${U}/data-import/template/7`, headers: { 'access-token': token } })).statusCode).toBe(403);
      const types = (await h.call('GET', `${U}/data-import/types`, { token })).body.data as any[];
      expect(types.find((t) => t.importType === 7)).toMatchObject({ available: false, reason: '您没有导入员工的权限' });
      expect(types.find((t) => t.importType === 2)).toMatchObject({ available: true });
      // Without 数据导入 itself, no type at all.
      expect((await upload(await h.login('business'), 2, 'x.xlsx', sheet, 'check')).status).toBe(403);
      expect((await upload(admin, 99, 'x.xlsx', sheet, 'check')).status).toBe(400);
      // the warehouse's 零件 and 物料 are open to the administrator; 项目期初财务 is not built yet
      const all = (await h.call('GET', `${U}/data-import/types`, { token: admin })).body.data as any[];
      for (const type of [5, 6]) expect(all.find((t) => t.importType === type), `type ${type}`).toMatchObject({ available: true, reason: null });
      const closed = types.find((t) => !t.available && t.reason === '该导入类型在本版本中尚未开放');
      if (closed) expect((await upload(admin, closed.importType, 'x.xlsx', sheet, 'check')).status).toBe(400);
      expect((await h.database.db.selectFrom('staff').select('name').where('name', '=', '越权甲').execute())).toEqual([]);
    });

    it('reports every problem of every row at once, one entry per row, and caps the list', async () => {
      const sheet = await xlsx([
        ['*客户名称', '客户类型', '联系电话', '联系邮箱', '所在地区', '账期(天)'],
        ['', '政府', '12345', 'not-an-email', '上海市/上海市/浦东新区', '三十'],
        ['全错检查有限公司', '企业', '13900000031', 'ok@example.com', '火星/不存在区', '30'],
        ['全对检查有限公司', '政府/事业单位', '13900000032', '', '', ''],
      ]);
      const checked = await upload(admin, 1, '客户检查.xlsx', sheet, 'check');
      expect(checked.status).toBe(200);
      expect(checked.body.data).toMatchObject({ status: 5, total: 3, valid: 1, failed: 2, failedRows: 2 });
      const [second, third] = checked.body.data.errors as { row: number; message: string }[];
      expect(checked.body.data.errors).toHaveLength(2);
      expect(second!.row).toBe(2);
      expect(second!.message).toMatch(/^第2行：/);
      for (const part of ['客户类型「政府」不是可选值（可选：企业、个体工商户、个人、政府/事业单位）', '客户名称', '联系电话格式不正确', '邮箱格式不正确', '账期(天)']) expect(second!.message).toContain(part);
      expect(second!.message.split('；')).toHaveLength(5);
      expect(second!.message).not.toContain('所在地区');
      expect(third).toMatchObject({ row: 3 });
      expect(third!.message).toContain('所在地区「火星/不存在区」不是有效的地区');

      // Hundreds of bad rows: every one counted, the first 500 spelled out.
      const many = await xlsx([['*客户名称', '联系电话'], ...Array.from({ length: 520 }, () => ['', '1'])]);
      const capped = await upload(admin, 1, '客户很多错误.xlsx', many, 'check');
      expect(capped.body.data).toMatchObject({ total: 520, valid: 0, failed: 520, failedRows: 520 });
      expect(capped.body.data.errors).toHaveLength(500);
    });

    it('reads the forms people write for a municipality\'s district as the stored region', async () => {
      const sheet = await xlsx([
        ['*客户名称', '所在地区'],
        ['直辖市甲有限公司', '上海市/上海市/浦东新区'],
        ['直辖市乙有限公司', '上海市/浦东新区'],
        ['直辖市丙有限公司', '上海/浦东新区'],
        ['直辖市丁有限公司', '北京市/北京市/朝阳区'],
        ['直辖市戊有限公司', '重庆市/城口县'],
        ['直辖市己有限公司', '浙江省/湖州市/长兴县'],
      ]);
      const done = await upload(admin, 1, '直辖市.xlsx', sheet, 'commit');
      expect(done.body.data).toMatchObject({ status: 10, imported: 6, errors: [] });
      const rows = await h.database.db.selectFrom('customer').select(['name', 'regionCode']).where('name', 'like', '直辖市%').orderBy('customerId').execute();
      expect(rows.map((r) => r.regionCode)).toEqual(['310115', '310115', '310115', '110105', '500229', '330522']);
    });

    it('a check without a valid row leaves no job to confirm; the template lists choices with 、', async () => {
      const none = await upload(admin, 1, '全错.xlsx', await xlsx([['*客户名称', '联系电话'], ['', '1'], ['甲', '2']]), 'check');
      expect(none.body.data).toMatchObject({ status: 15, total: 2, valid: 0, imported: 0, failed: 2 });
      expect(none.body.data.error).toBeUndefined();
      expect((await h.call('POST', `${U}/data-import/${none.body.data.jobId}/commit`, { token: admin, data: {} })).status).toBe(409);
      const tpl = await h.app.inject({ method: 'GET', url: `${U}/data-import/template/1`, headers: { 'access-token': admin } });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
      const notes = book.worksheets[0]!.getRow(1).values as unknown[];
      const typeCell = book.worksheets[0]!.getRow(1).getCell(notes.indexOf('客户类型'));
      expect(JSON.stringify(typeCell.note)).toContain('可选：企业、个体工商户、个人、政府/事业单位');
    });

    it('a list\'s own import (客户列表 → 导入) is a job in the 数据导入 history, committed by its id once', async () => {
      const sheet = await xlsx([['*客户名称', '联系电话'], ['列表导入有限公司', '13900000041'], ['', '1']]);
      const post = async (query: string) => {
        const m = multipart('客户列表导入.xlsx', sheet);
        const res = await h.app.inject({ method: 'POST', url: `${U}/customer/import?${query}`, headers: { 'access-token': admin, 'content-type': m.type }, payload: m.body });
        return { status: res.statusCode, body: JSON.parse(res.body) };
      };
      const checked = await post('mode=check');
      // The check is one job and the commit imports that job: no second one is recorded.
      const jobsOf = async () => (await h.database.db.selectFrom('dataImportJob').select(['jobId', 'status']).where('jobId', '>=', checked.body.data.jobId).execute());
      expect(checked.body.data).toMatchObject({ status: 5, importType: 1, total: 2, valid: 1, imported: 0, failed: 1 });
      expect(await jobsOf()).toEqual([{ jobId: checked.body.data.jobId, status: 5 }]);
      const history = (await h.call('GET', `${U}/data-import/page?importType=1&status=5`, { token: admin })).body.data.list as any[];
      expect(history.map((j) => j.jobId)).toContain(checked.body.data.jobId);
      const done = await post(`mode=commit&jobId=${checked.body.data.jobId}`);
      expect(done.body.data).toMatchObject({ status: 10, imported: 1, jobId: checked.body.data.jobId });
      expect(await jobsOf()).toEqual([{ jobId: checked.body.data.jobId, status: 10 }]);
      expect((await post(`mode=commit&jobId=${checked.body.data.jobId}`)).status).toBe(409);
      expect((await h.database.db.selectFrom('customer').select('name').where('name', '=', '列表导入有限公司').execute())).toHaveLength(1);
    });

    it('records an unreadable sheet as a failed job; needs the target\'s own permission', async () => {
      const bad = await upload(admin, 1, '坏文件.xlsx', Buffer.from('PK\u0003\u0004 not really a workbook'));
      expect(bad.body.data).toMatchObject({ status: 15 });
      expect(bad.body.data.error).toBe('无法读取该文件，请使用下载的模板(.xlsx)填写或上传UTF-8编码的CSV');
      expect(bad.body.data).toMatchObject({ total: 0, valid: 0, imported: 0, errors: [] });
      const page = (await h.call('GET', `${U}/data-import/page?status=15`, { token: admin })).body.data;
      expect(page.list[0]).not.toHaveProperty('storedFile');
      expect((await upload(await h.login('business'), 7, 'x.xlsx', await xlsx([['*姓名'], ['甲']]))).status).toBe(403);
    });
  });
});
