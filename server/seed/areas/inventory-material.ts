/**
 * 华运苏州's materials and crew hours (DOMAIN §8 warehouse): 25 物料入库单 over four months from
 * the suppliers of each category at prices around the reference price (so the moving average
 * moves; one 作废), 60 领用 that leave two materials below their safety stock, and the crew's
 * daily attendance — about 900 工时记录 over three months with evening overtime, Saturday shifts
 * and the 国庆 duty roster — beside the records their 入库/出库 documents write.
 */
import type { SeedContext } from '../context';
import type { WriteContext } from '../../crud/write';
import { scopedQueries } from '../../crud/scope';
import { chinaToday } from '../../project/common';
import { calendarOf, DAY_TYPE } from '../../admin/holidays';
import type { AreaSeeder } from './seeder';

type Row = Record<string, any>;

/** category → supplier name */
const SUPPLIER_OF: Record<number, string> = {
  1: '苏州恒信包装材料有限公司', 2: '太仓港捷力索具有限公司', 3: '昆山安达劳保用品有限公司', 4: '苏州五金机电城联创商行', 5: '中石化苏州虎丘加油站',
};
/** the two materials the last 领用 take below their safety stock */
const DRAINED = ['WL-JG-003', 'WL-LB-002'];
const CREW = ['顾卫东', '严国强', '金伟', '陶明', '姜立', '魏婷', '潘红', '赵敏', '黄磊', '陆斌', '石磊', '龚勇', '钱兵', '秦海'];
const PURPOSES = ['振华QC-2309部件包装', '洋山港发运绑扎加固', '班组日常劳保发放', '叉车、行车保养', '堆场枕木更换', '出库打包'];

async function seed(ctx: SeedContext): Promise<void> {
  let wh: WriteContext;
  try {
    wh = await ctx.as('sz', '顾卫东');
  } catch {
    return;
  }
  const sz = ctx.orgIds.sz;
  const store = (await ctx.db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sz).where('code', '=', 'SZ-WL01').executeTakeFirst()) as Row | undefined;
  if (!store) return;
  const warehouseId = Number(store.warehouseId);
  const materials = (await ctx.db.selectFrom('materialItem').selectAll().where('orgId', '=', sz).where('disabled', '=', false).orderBy('materialNo').execute()) as Row[];
  const suppliers = (await ctx.db.selectFrom('materialSupplier').select(['materialSupplierId', 'name']).where('orgId', '=', sz).execute()) as Row[];
  if (!materials.length || !suppliers.length) return;
  const staff = new Map(((await ctx.db.selectFrom('staff').select(['staffId', 'name']).where('orgId', '=', sz).where('name', 'in', CREW).execute()) as Row[]).map((r) => [String(r.name), Number(r.staffId)]));
  const day = (days: number) => chinaToday(ctx.daysAgo(days));
  const stock = new Map<number, number>();
  const byCategory = (c: number) => materials.filter((m) => Number(m.category) === c);

  // 物料入库 every ~5 days, oldest first; each buys 2–4 materials of one category from its supplier
  type Ev = { days: number; kind: 'in' | 'use'; k: number };
  const events: Ev[] = [];
  for (let k = 0; k < 25; k++) events.push({ days: 122 - k * 5, kind: 'in', k });
  for (let k = 0; k < 60; k++) events.push({ days: 118 - Math.floor(k * 1.95), kind: 'use', k });
  events.sort((a, b) => b.days - a.days || (a.kind === 'in' ? -1 : 1));
  let voided = false;
  for (const ev of events) {
    if (ev.kind === 'in') {
      const category = (ev.k % 5) + 1;
      const pool = byCategory(category);
      const supplier = suppliers.find((s) => s.name === SUPPLIER_OF[category]) ?? suppliers[0]!;
      const picks = pool.filter((_, i) => (i + ev.k) % 3 !== 0).slice(0, 4);
      const chosen = picks.length ? picks : pool.slice(0, 2);
      for (const no of DRAINED) {
        const m = materials.find((x) => x.materialNo === no);
        if (m && Number(m.category) === category && !chosen.includes(m)) chosen.push(m);
      }
      const items = chosen.map((m) => {
        const safety = Number(m.safetyStock ?? 0);
        const qty = Math.max(5, Math.round((safety || 20) * (0.6 + ctx.rand() * 0.8)));
        const unitPrice = (Number(m.refPrice) * (0.92 + ctx.rand() * 0.16)).toFixed(2);
        return { materialId: m.materialId, qty, unitPrice };
      });
      const doc = await ctx.create(wh, 'materialIn', {
        warehouseId, materialSupplierId: supplier.materialSupplierId, inDate: day(ev.days), handlerStaffId: staff.get('魏婷') ?? null,
        invoiceNo: `3205${String(24100000 + ev.k * 137).padStart(8, '0')}`, items,
      });
      await ctx.backdate('materialIn', Number(doc.materialInId), new Date(`${day(ev.days)}T10:00:00+08:00`));
      if (!voided && ev.k === 3) {
        // booked twice by mistake: the duplicate is voided straight away, its stock reversed
        await ctx.transition(wh, 'materialIn', Number(doc.materialInId), 'void', { voidReason: '与上一张入库单重复录入' });
        voided = true;
        continue;
      }
      for (const l of items) stock.set(Number(l.materialId), (stock.get(Number(l.materialId)) ?? 0) + l.qty);
      continue;
    }
    const last = ev.k >= 58;
    let m: Row | undefined;
    let qty = 0;
    if (last) {
      m = materials.find((x) => x.materialNo === DRAINED[ev.k - 58]);
      const have = m ? stock.get(Number(m.materialId)) ?? 0 : 0;
      qty = m ? have - Math.floor(Number(m.safetyStock) / 2) : 0;
    } else {
      const candidates = materials.filter((x) => (stock.get(Number(x.materialId)) ?? 0) > Number(x.safetyStock ?? 0) + 2 && !DRAINED.includes(String(x.materialNo)));
      m = candidates.length ? candidates[Math.floor(ctx.rand() * candidates.length)] : undefined;
      if (m) qty = Math.max(1, Math.floor(((stock.get(Number(m.materialId)) ?? 0) - Number(m.safetyStock ?? 0)) * (0.15 + ctx.rand() * 0.25)));
    }
    if (!m || qty <= 0) continue;
    const use = await ctx.create(wh, 'materialUse', {
      materialId: m.materialId, warehouseId, qty, useDate: day(ev.days), staffId: staff.get(CREW[ev.k % CREW.length]!) ?? null,
      purpose: PURPOSES[ev.k % PURPOSES.length],
    });
    await ctx.backdate('materialUse', Number(use.materialUseId), new Date(`${day(ev.days)}T13:00:00+08:00`));
    stock.set(Number(m.materialId), (stock.get(Number(m.materialId)) ?? 0) - qty);
  }

  // attendance: 8 h on working days (10 h on busy ones), a Saturday shift now and then, 国庆 duty
  const q = scopedQueries(ctx.db, ctx.entities, wh.session!);
  const types = new Map<string, number>();
  const rows: Row[] = [];
  for (let d = 92; d >= 1; d--) {
    const date = day(d);
    if (!types.size || !types.has(date)) for (const c of calendarOf(Number(date.slice(0, 4)))) types.set(c.day, c.dayType);
    const type = types.get(date) ?? DAY_TYPE.workday;
    CREW.forEach((name, i) => {
      const staffId = staff.get(name);
      if (!staffId) return;
      let hours = 0;
      if (type === DAY_TYPE.workday || type === DAY_TYPE.adjustedWorkday) hours = (d + i) % 6 === 0 ? 10 : (d * 7 + i) % 29 === 0 ? 0 : 8;
      else if (type === DAY_TYPE.restday) hours = (d + i) % 9 === 0 ? 8 : 0;
      else if (type === DAY_TYPE.statutory) hours = i % 4 === 0 ? 8 : 0;
      if (!hours) return;
      const start = new Date(`${date}T08:00:00+08:00`);
      const end = new Date(start.getTime() + (hours + 1) * 3600_000); // an hour's lunch break
      rows.push({ staffId, workDate: date, startAt: start, endAt: end, hours: hours.toFixed(2), tonnage: '0.000', pieces: 0, weightedLoad: '0.000', points: '0.00' });
    });
  }
  for (let i = 0; i < rows.length; i += 200) await q.insert('workRecord', rows.slice(i, i + 200));
}

export const inventoryMaterialSeeder: AreaSeeder = { name: 'inventory-material', seed };
