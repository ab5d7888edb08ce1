/**
 * Demo data of 短信发送记录 (DOMAIN §8 "sms 40 (2 failed)"): besides the supplier invitations
 * the 运力资源 seeder sent (12, 2 failed), the 上海 organisation's staff sent dispatch notices to
 * drivers, licence-expiry reminders and enquiry invitations to suppliers, and staff asked for
 * verification codes over the last three months. They went through the outbox and the demo
 * gateway delivered them (the invitations are dated when their suppliers were registered); the
 * last three were written minutes ago and wait 发送中, which is how an offline installation
 * without an SMS provider shows its messages.
 */
import { sql } from 'kysely';
import type { SeedContext } from '../context';
import type { AreaSeeder } from './seeder';
import { hookContext } from '../../crud/write';
import { SMS, SMS_BIZ, drainSmsOutbox, enqueueSms, type SmsInput } from '../../resources/sms';

interface Planned { sender: string; input: SmsInput; daysAgo: number }

async function plan(ctx: SeedContext): Promise<Planned[]> {
  const orgId = ctx.orgIds.sh;
  const drivers = (await ctx.db.selectFrom('driver').select(['driverId', 'name', 'mobile']).where('orgId', '=', orgId).where('mobile', 'is not', null)
    .orderBy('driverId').limit(8).execute()) as { driverId: number; name: string; mobile: string }[];
  const trucks = (await ctx.db.selectFrom('companyTruck').select('truckLicensePlate').where('orgId', '=', orgId).orderBy('truckId').limit(8).execute()) as { truckLicensePlate: string }[];
  const projects = (await ctx.db.selectFrom('project').select(['projectId', 'name']).where('orgId', '=', orgId).orderBy('projectId').limit(6).execute()) as { projectId: number; name: string }[];
  const suppliers = (await ctx.db.selectFrom('supplier').select(['supplierId', 'name', 'contactPhone', 'transportLicenseExpiry']).where('orgId', '=', orgId)
    .where('supplierType', '=', 1).where('contactPhone', 'is not', null).orderBy('supplierId').limit(6).execute()) as { supplierId: number; name: string; contactPhone: string; transportLicenseExpiry: unknown }[];
  const enquiries = (await ctx.db.selectFrom('enquiry').select(['enquiryId', 'enquiryNo', 'title']).where('orgId', '=', orgId).orderBy('enquiryId').limit(4).execute()) as { enquiryId: number; enquiryNo: string; title: string }[];
  const staff = (await ctx.db.selectFrom('staff').select(['staffId', 'name', 'mobile']).where('orgId', '=', orgId).where('mobile', 'is not', null)
    .where('resigned', 'is not', true).orderBy('staffId').limit(6).execute()) as { staffId: number; name: string; mobile: string }[];
  const org = (await ctx.db.selectFrom('organization').select(['name', 'shortName']).where('orgId', '=', orgId).executeTakeFirstOrThrow()) as { name: string; shortName: string | null };
  const ORG_SIGN = `【${org.shortName ?? org.name}】`;
  const mobileOk = (m: unknown): m is string => typeof m === 'string' && /^1[3-9]\d{9}$/.test(m);
  const out: Planned[] = [];
  const dateOf = (daysAgo: number) => new Date(ctx.daysAgo(daysAgo - 1).getTime() + 8 * 3600_000).toISOString().slice(0, 10);

  // Dispatch notices: 何俊 (调度主管) tells a driver which truck and job, the day before loading.
  for (let i = 0; i < 10; i++) {
    const d = drivers[i % Math.max(1, drivers.length)];
    if (!d || !mobileOk(d.mobile)) break;
    const plate = trucks[i % Math.max(1, trucks.length)]?.truckLicensePlate ?? '沪DK7352';
    const p = projects[i % Math.max(1, projects.length)];
    const daysAgo = 85 - i * 8;
    out.push({ sender: '何俊', daysAgo, input: {
      mobile: d.mobile, bizType: SMS_BIZ.dispatch, bizId: p?.projectId ?? null, templateCode: 'DISPATCH_NOTICE',
      content: `${ORG_SIGN}${d.name}师傅您好，您已被安排执行「${p?.name ?? '大件运输'}」运输任务，车辆${plate}，请于${dateOf(daysAgo)} 07:30前到装货地报到，出发前完成车辆检查。`,
    } });
  }
  // Licence-expiry reminders to carriers whose 道路运输经营许可证 runs out.
  for (const [i, s] of suppliers.entries()) {
    if (!mobileOk(s.contactPhone)) continue;
    const expiry = s.transportLicenseExpiry instanceof Date ? s.transportLicenseExpiry.toISOString().slice(0, 10) : String(s.transportLicenseExpiry ?? dateOf(-30));
    out.push({ sender: '何俊', daysAgo: 70 - i * 11, input: {
      mobile: s.contactPhone, bizType: SMS_BIZ.expiry, bizId: s.supplierId, templateCode: 'LICENCE_EXPIRY',
      content: `${ORG_SIGN}${s.name}：贵司道路运输经营许可证有效期至${expiry}，请及时办理换证并在物流协同平台更新证照，逾期将暂停派单。`,
    } });
  }
  // Enquiry invitations: 商务 asks suppliers to quote.
  for (const [i, e] of enquiries.entries()) {
    const s = suppliers[(i + 2) % Math.max(1, suppliers.length)];
    if (!s || !mobileOk(s.contactPhone)) continue;
    out.push({ sender: '张伟', daysAgo: 60 - i * 13, input: {
      mobile: s.contactPhone, bizType: SMS_BIZ.enquiry, bizId: e.enquiryId, templateCode: 'ENQUIRY_NOTICE',
      content: `${ORG_SIGN}${s.name}您好，询价单${e.enquiryNo}「${e.title}」邀请贵司报价，请在物流协同平台查看货物信息并于截止时间前报价。`,
    } });
  }
  // Verification codes: staff signing in on a new device.
  for (let i = 0; out.length < 25 && staff.length; i++) {
    const st = staff[i % staff.length]!;
    if (!mobileOk(st.mobile)) { if (i > 20) break; continue; }
    out.push({ sender: st.name, daysAgo: 88 - i * 7, input: {
      mobile: st.mobile, bizType: SMS_BIZ.verifyCode, bizId: st.staffId, templateCode: 'LOGIN_CODE',
      content: `${ORG_SIGN}您的登录验证码为${String(100000 + Math.floor(ctx.rand() * 900000))}，5分钟内有效，请勿泄露给他人。`,
    } });
  }
  return out;
}

export const smsRecordSeeder: AreaSeeder = {
  name: 'sms-records',
  async seed(ctx) {
    const orgId = ctx.orgIds.sh;
    const smsEntity = ctx.entities.smsRecord!;
    const planned = await plan(ctx);
    const write = new Map<string, Awaited<ReturnType<SeedContext['as']>>>();
    const as = async (name: string) => {
      if (!write.has(name)) write.set(name, await ctx.as('sh', name));
      return write.get(name)!;
    };
    const sent: { smsId: number; at: Date }[] = [];
    for (const p of planned) {
      const row = await enqueueSms(hookContext(await as(p.sender), smsEntity), p.input);
      sent.push({ smsId: Number(row.smsId), at: new Date(ctx.daysAgo(p.daysAgo).getTime() + Math.floor(ctx.rand() * 8 * 3600_000)) });
    }
    // The demo gateway delivered everything then (the invitations' failures are the 运力资源 seeder's).
    await drainSmsOutbox(ctx.db, { name: 'demo', send: async () => ({ ok: true }) }, 1000);
    for (const s of sent) {
      const iso = s.at.toISOString();
      await ctx.db.updateTable('smsRecord').set({ createdAt: iso, updatedAt: iso, sentAt: sql`${iso}::timestamptz + interval '3 seconds'` })
        .where('smsId', '=', s.smsId).where('orgId', '=', orgId).execute();
    }
    // The invitations (运力资源's seeder) went out when their suppliers were registered.
    await sql`update sms_record s set created_at = sup.created_at + interval '5 minutes', updated_at = sup.created_at + interval '5 minutes',
        sent_at = sup.created_at + interval '5 minutes 8 seconds'
      from supplier sup
      where s.biz_type = ${SMS_BIZ.supplierInvite} and s.org_id = sup.org_id and sup.platform_supplier_id = s.biz_id`.execute(ctx.db);
    // Written just now and not yet sent: no provider drains the outbox in an offline installation.
    const drivers = planned.filter((p) => p.input.bizType === SMS_BIZ.dispatch).slice(0, 3);
    for (const [i, p] of drivers.entries()) {
      const row = await enqueueSms(hookContext(await as(p.sender), smsEntity), {
        ...p.input, content: p.input.content.replace(/\d{4}-\d{2}-\d{2}/, new Date(ctx.now.getTime() + 32 * 3600_000).toISOString().slice(0, 10)),
      });
      const at = new Date(ctx.now.getTime() - (i + 1) * 7 * 60_000).toISOString();
      await ctx.db.updateTable('smsRecord').set({ createdAt: at, updatedAt: at, status: SMS.sending }).where('smsId', '=', Number(row.smsId)).execute();
    }
  },
};
