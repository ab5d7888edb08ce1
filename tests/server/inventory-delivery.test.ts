/**
 * 出库 (issue 18, DOMAIN §3.5 delivery, §4.4, seed 002 §7.7): every seed call answers in its
 * shape; an out takes its lines from stock through the ledger and refuses (400 库存不足, nothing
 * written) what is not there; 作废 gives the stock back; 签收登记 of fewer pieces is 部分签收 and the
 * 补发 of what is short completes it; the work order follows (发运中 → 已完成); transitions only from
 * their states and with their permission; 20 parallel outs of the last pieces let exactly those
 * that fit pass; a keeper of 华运苏州 sees nothing of another organisation's deliveries.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { startHarness, type Harness } from './helpers/harness';
import { login, userWith } from './project-helpers';

const B = '/api/v1/inventory-base';
const D = `${B}/delivery`;
const REFUSED = '当前状态不允许该操作';

describe.each(await backends())('出库 on %s', (backend) => {
  let h: Harness;
  const t: Record<string, string> = {};
  let sz: { orgId: number; corpId: number };
  let sh: { orgId: number; corpId: number };
  let warehouseId: number;
  let customerId: number;
  let serial = 0;

  const ok = (r: { status: number; body: any }) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const newPart = async () => {
    serial += 1;
    return ok(await h.call('POST', `${B}/part-item/save`, { token: t.wh, data: { partNo: `D-${serial}-${Date.now() % 100000}`, name: `出库零件${serial}`, customerId, unitWeight: '10.000' } }));
  };
  /** a released work order whose lines are all received on their 库位 */
  const stocked = async (lines: [number, number][], loc = 'E-01-01') => {
    serial += 1;
    const o = ok(await h.call('POST', `${B}/work-order/save`, { token: t.wh, data: {
      workOrderNo: `GD-D-${serial}-${Date.now() % 100000}`, customerId, productName: '出库测试机组', items: lines.map(([partItemId, planQty]) => ({ partItemId, planQty })) } }));
    ok(await h.call('POST', `${B}/work-order/${o.workOrderId}/release`, { token: t.wh, data: {} }));
    const d = ok(await h.call('POST', `${B}/in-storage/save`, { token: t.wh, data: {
      warehouseId, customerId, workOrderId: o.workOrderId, arrivalAt: new Date().toISOString(), items: lines.map(([partItemId, qty]) => ({ partItemId, qty, locationCode: loc })) } }));
    ok(await h.call('POST', `${B}/in-storage/${d.inStorageId}/submit`, { token: t.wh, data: {} }));
    ok(await h.call('POST', `${B}/in-storage/${d.inStorageId}/accept`, { token: t.wh, data: {} }));
    return o.workOrderId as number;
  };
  const outBody = (workOrderId: number, lines: [number, number][], loc = 'E-01-01', extra: Record<string, unknown> = {}) => ({
    warehouseId, customerId, workOrderId, deliveryType: 1, outAt: new Date().toISOString(), receiverName: '王工', truckLicensePlate: '苏E·D2201',
    items: lines.map(([partItemId, qty]) => ({ partItemId, qty, locationCode: loc })), ...extra,
  });
  const deliver = async (workOrderId: number, lines: [number, number][], loc = 'E-01-01') => ok(await h.call('POST', `${D}/delivery-out`, { token: t.wh, data: outBody(workOrderId, lines, loc) }));
  const get = async (id: number) => ok(await h.call('GET', `${D}/${id}`, { token: t.wh }));
  const stockQty = async (partItemId: number) => ok(await h.call('GET', `${B}/part-item/${partItemId}`, { token: t.wh })).stockQty as number;
  const order = async (id: number) => ok(await h.call('GET', `${B}/work-order/${id}`, { token: t.wh }));
  const receive = (deliveryId: number, receivedPieces: number, token = t.wh) => h.call('POST', `${D}/update-receive`, { token, data: { deliveryId, receivedPieces, receivedBy: '王工', receivedAt: new Date().toISOString() } });
  const cancel = (deliveryId: number, token = t.wh) => h.call('POST', `${D}/cancel-delivery-out`, { token, data: { deliveryId, cancelReason: '测试作废' } });

  beforeAll(async () => {
    h = await startHarness(backend);
    t.wh = await h.login('wh', 'Wh@123');
    t.admin = await login(h, 'admin');
    const db = h.database.db;
    sz = (await db.selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运仓储(苏州)有限公司').executeTakeFirstOrThrow()) as any;
    sh = (await db.selectFrom('organization').select(['orgId', 'corpId']).where('name', '=', '华运物流(上海)有限公司').executeTakeFirstOrThrow()) as any;
    warehouseId = ((await db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sz.orgId).where('code', '=', 'SZ-LJ01').executeTakeFirstOrThrow()) as any).warehouseId;
    customerId = ((await db.selectFrom('customer').select('customerId').where('orgId', '=', sz.orgId).where('name', 'like', '%振华重工%').executeTakeFirstOrThrow()) as any).customerId;
  }, 120_000);
  afterAll(async () => h?.close());

  it('demo data: 华运苏州 shipped QC-2309 parts — one delivery 已签收, one 部分签收 completed by its signed 补发, one 已出库, one 已作废', async () => {
    const list = ok(await h.call('GET', `${D}/page?pageSize=100`, { token: t.wh })).list as any[];
    expect(new Set(list.map((d) => d.status))).toEqual(new Set([5, 10, 20]));
    const extra = list.find((d) => d.deliveryType === 2);
    expect(extra).toMatchObject({ status: 20, receivedPieces: 1 });
    const origin = await get(extra.originDeliveryId);
    expect(origin).toMatchObject({ status: 20, receivedPieces: origin.totalPieces - 1 });
    expect(origin.workPostRatio.map((r: any) => r.ratio)).toEqual([1.2, 1.1, 1]);
    const wo = await order(origin.workOrderId);
    expect(wo.status).toBe(20);
    // the stock figures still equal the ledger after the outs and the 作废
    for (const l of origin.items) {
      const ledger = ok(await h.call('GET', `${B}/stock/page?partItemId=${l.partItemId}&includeZero=true`, { token: t.wh })).list as any[];
      expect(await stockQty(l.partItemId)).toBe(ledger.reduce((s, r) => s + r.qty, 0));
    }
  });

  it('delivery-out takes the lines from stock (CK number, totals, 已出库) and the work order is 发运中; {id}, delivery-no and page answer it', async () => {
    const a = await newPart();
    const b = await newPart();
    const wo = await stocked([[a.partItemId, 3], [b.partItemId, 2]]);
    const d = await deliver(wo, [[a.partItemId, 2], [b.partItemId, 2]]);
    expect(d).toMatchObject({ status: 10, totalPieces: 4, totalWeight: '40.000', deliveryType: 1 });
    expect(d.deliveryNo).toMatch(/^CK/);
    expect(await stockQty(a.partItemId)).toBe(1);
    expect(await stockQty(b.partItemId)).toBe(0);
    const full = await get(d.deliveryId);
    expect(full.items.map((l: any) => [l.partItemId, l.qty, l.locationCode])).toEqual([[a.partItemId, 2, 'E-01-01'], [b.partItemId, 2, 'E-01-01']]);
    expect(full.refs).toBeTruthy();
    const byNo = ok(await h.call('GET', `${D}/delivery-no/${d.deliveryNo}`, { token: t.wh }));
    expect(byNo.deliveryId).toBe(d.deliveryId);
    expect(byNo.items).toHaveLength(2);
    expect((await h.call('GET', `${D}/delivery-no/CK-NONE`, { token: t.wh })).status).toBe(404);
    const page = ok(await h.call('GET', `${D}/page?workOrderId=${wo}&status=10`, { token: t.wh }));
    expect(page).toMatchObject({ total: 1, pageNo: 1 });
    expect(page.list[0].deliveryId).toBe(d.deliveryId);
    const o = await order(wo);
    expect(o.status).toBe(20);
    expect(o.items.map((l: any) => l.deliveredQty)).toEqual([2, 2]);
    const ledger = ok(await h.call('GET', `${B}/stock-ledger/page?partItemId=${a.partItemId}`, { token: t.wh }));
    expect(ledger.list.filter((r: any) => r.docType === 4).map((r: any) => [r.docNo, r.qtyChange])).toEqual([[d.deliveryNo, -2]]);
    // list-delivery-address stays the catalogue's
    expect(Array.isArray(ok(await h.call('GET', `${D}/list-delivery-address`, { token: t.wh })))).toBe(true);
  });

  it('export-excel is a real workbook named 出库单<号>_yyyy-MM-dd HH.xlsx with its lines; print-html is an A4 page and counts the prints', async () => {
    const a = await newPart();
    const wo = await stocked([[a.partItemId, 2]]);
    const d = await deliver(wo, [[a.partItemId, 2]]);
    const file = await h.app.inject({ method: 'GET', url: `${D}/${d.deliveryId}/export-excel`, headers: { 'access-token': t.wh } });
    expect(file.statusCode).toBe(200);
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toMatch(new RegExp(`出库单${d.deliveryNo}_\\d{4}-\\d{2}-\\d{2} \\d{2}\\.xlsx`));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0]!.getSheetValues().flat().filter((v) => v !== null && v !== undefined).map(String);
    expect(cells).toEqual(expect.arrayContaining([`出库单 ${d.deliveryNo}`, a.partNo, '苏E·D2201', '合计']));
    const page = await h.app.inject({ method: 'GET', url: `${D}/${d.deliveryId}/print-html`, headers: { 'access-token': t.wh } });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/text\/html/);
    expect(page.body).toContain('@page{size:A4');
    expect(page.body).toContain(a.partNo);
    expect((await get(d.deliveryId)).printCount).toBe(1);
    const stranger = (await userWith(h, ['仓库:入库'])).token;
    expect((await h.app.inject({ method: 'GET', url: `${D}/${d.deliveryId}/print-html`, headers: { 'access-token': stranger } })).statusCode).toBe(403);
  });

  it('the print page\'s 零件 column names the part: print-lines answers each line\'s 零件号, 名称 and 规格', async () => {
    const a = await newPart();
    const wo = await stocked([[a.partItemId, 1]]);
    const d = await deliver(wo, [[a.partItemId, 1]]);
    const lines = ok(await h.call('GET', `${D}/${d.deliveryId}/print-lines`, { token: t.wh })).list;
    expect(lines).toEqual([expect.objectContaining({ partItemId: a.partItemId, partNo: a.partNo, name: a.name })]);
    const stranger = (await userWith(h, ['仓库:入库'])).token;
    expect((await h.call('GET', `${D}/${d.deliveryId}/print-lines`, { token: stranger })).status).toBe(403);
  });

  it('an out beyond stock is refused with 400 库存不足 and writes nothing (no document, no ledger row, no work-order change)', async () => {
    const a = await newPart();
    const wo = await stocked([[a.partItemId, 3]]);
    const before = ok(await h.call('GET', `${D}/page?workOrderId=${wo}`, { token: t.wh })).total;
    const r = await h.call('POST', `${D}/delivery-out`, { token: t.wh, data: outBody(wo, [[a.partItemId, 4]]) });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`库存不足：${a.partNo} 库存3件，需4件`);
    expect(ok(await h.call('GET', `${D}/page?workOrderId=${wo}`, { token: t.wh })).total).toBe(before);
    expect(await stockQty(a.partItemId)).toBe(3);
    expect((await order(wo)).status).toBe(15);
    // other 库位 does not count
    const r2 = await h.call('POST', `${D}/delivery-out`, { token: t.wh, data: outBody(wo, [[a.partItemId, 1]], 'Z-09-09') });
    expect(r2.status).toBe(400);
    // a 补发 has its own call
    const r3 = await h.call('POST', `${D}/delivery-out`, { token: t.wh, data: outBody(wo, [[a.partItemId, 1]], 'E-01-01', { deliveryType: 2 }) });
    expect(r3.status).toBe(400);
  });

  it('作废 (仓库:出库:作废) gives the stock back through reversal rows and the work order is 已齐套 again', async () => {
    const a = await newPart();
    const wo = await stocked([[a.partItemId, 5]]);
    const d = await deliver(wo, [[a.partItemId, 5]]);
    expect(await stockQty(a.partItemId)).toBe(0);
    const noReason = await h.call('POST', `${D}/cancel-delivery-out`, { token: t.wh, data: { deliveryId: d.deliveryId } });
    expect(noReason.status).toBe(400);
    ok(await cancel(d.deliveryId));
    expect((await get(d.deliveryId))).toMatchObject({ status: 5, cancelReason: '测试作废' });
    expect(await stockQty(a.partItemId)).toBe(5);
    const ledger = ok(await h.call('GET', `${B}/stock-ledger/page?partItemId=${a.partItemId}&locationCode=E-01-01`, { token: t.wh }));
    expect(ledger.list.map((r: any) => [r.docType, r.qtyChange]).sort()).toEqual([[1, 5], [4, -5], [5, 5]]);
    const o = await order(wo);
    expect(o.items[0].deliveredQty).toBe(0);
    // the stock is free for the next delivery
    await deliver(wo, [[a.partItemId, 5]]);
  });

  it('签收 of fewer pieces is 部分签收; 补发 sends at most what is short; once it is signed both are 已签收 and the work order 已完成', async () => {
    const a = await newPart();
    const b = await newPart();
    const wo = await stocked([[a.partItemId, 5], [b.partItemId, 3]]);
    const d = await deliver(wo, [[a.partItemId, 3], [b.partItemId, 2]]);
    expect((await receive(d.deliveryId, 6)).status).toBe(400); // more than sent
    expect(ok(await receive(d.deliveryId, 3))).toMatchObject({ status: 15, receivedPieces: 3, receivedBy: '王工' });
    // 2 short: 补发 of 3 refused, of a part not in the origin refused, without origin refused
    const extra = (lines: [number, number][], originDeliveryId: unknown = d.deliveryId) =>
      h.call('POST', `${D}/additional-delivery-out`, { token: t.wh, data: { ...outBody(wo, lines), originDeliveryId } });
    const tooMany = await extra([[a.partItemId, 1], [b.partItemId, 2]]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('补发件数不能超过原出库单短少的 2 件');
    expect((await extra([[b.partItemId, 3]])).status).toBe(400);
    expect((await extra([[a.partItemId, 1]], null)).body.msg).toBe('补发出库请选择原出库单');
    const other = await newPart();
    await stocked([[other.partItemId, 1]]);
    expect((await extra([[other.partItemId, 1]])).body.msg).toBe('补发明细第1行：零件不在原出库单中');
    const add = ok(await extra([[a.partItemId, 1], [b.partItemId, 1]]));
    expect(add).toMatchObject({ deliveryType: 2, originDeliveryId: d.deliveryId, status: 10, totalPieces: 2, workOrderId: wo });
    // nothing more is short now
    expect((await extra([[a.partItemId, 1]])).status).toBe(400);
    expect((await get(d.deliveryId)).status).toBe(15);
    ok(await receive(add.deliveryId, 2));
    expect((await get(add.deliveryId)).status).toBe(20);
    expect((await get(d.deliveryId)).status).toBe(20);
    // the work order: a line still has 1 planned piece not out, so 发运中
    let o = await order(wo);
    expect(o.status).toBe(20);
    expect(o.items.map((l: any) => l.deliveredQty)).toEqual([4, 3]);
    expect(o.items.map((l: any) => l.planQty)).toEqual([5, 3]);
    // a second origin that is signed in full straight away → 20, and every line out → 已完成
    const more = await newPart();
    const wo2 = await stocked([[more.partItemId, 2]]);
    const d2 = await deliver(wo2, [[more.partItemId, 2]]);
    expect(ok(await receive(d2.deliveryId, 2)).status).toBe(20);
    o = await order(wo2);
    expect(o.status).toBe(25);
  });

  it('修改 keeps the lines the ledger posted (409 on a change) but edits the rest; 岗位系数 on any delivery not 作废', async () => {
    const a = await newPart();
    const wo = await stocked([[a.partItemId, 3]]);
    const d = await deliver(wo, [[a.partItemId, 2]]);
    const upd = ok(await h.call('POST', `${D}/update-delivery-out`, { token: t.wh, data: { deliveryId: d.deliveryId, version: d.version, receiverName: '李工', driverName: '张师傅' } }));
    expect(upd).toMatchObject({ receiverName: '李工', driverName: '张师傅', status: 10 });
    const lines = await h.call('POST', `${D}/update-delivery-out`, { token: t.wh, data: { deliveryId: d.deliveryId, version: upd.version, items: [{ partItemId: a.partItemId, qty: 3, locationCode: 'E-01-01' }] } });
    expect(lines.status).toBe(409);
    expect(lines.body.msg).toBe('已出库的明细不能修改，如需调整请作废后重新出库');
    expect(await stockQty(a.partItemId)).toBe(1);
    const signed = await h.call('POST', `${D}/update-delivery-out`, { token: t.wh, data: { deliveryId: d.deliveryId, version: upd.version, receivedPieces: 2 } });
    expect(signed.status).toBe(409);
    expect(signed.body.msg).toBe('签收信息请通过签收登记填写');
    // the page edits through PUT {deliveryId}, the same rules
    expect(ok(await h.call('PUT', `${D}/${d.deliveryId}`, { token: t.wh, data: { version: upd.version, remark: '页面修改' } })).remark).toBe('页面修改');
    // the crew's times are times of day (the form's time picker, HH:mm:ss), the end after the start
    const ratio = [{ post: 1, ratio: 1.2, staffIds: [], startAt: '08:00:00', endAt: '10:30:00' }];
    const r = ok(await h.call('PUT', `${D}/${d.deliveryId}/work-post-ratio`, { token: t.wh, data: { workPostRatio: ratio } }));
    expect(r.workPostRatio).toEqual(ratio);
    expect((await get(d.deliveryId)).workPostRatio).toEqual(ratio);
    const bad = await h.call('PUT', `${D}/${d.deliveryId}/work-post-ratio`, { token: t.wh, data: { workPostRatio: [{ post: 1 }] } });
    expect(bad.status).toBe(400);
    const reversed = await h.call('PUT', `${D}/${d.deliveryId}/work-post-ratio`, { token: t.wh, data: { workPostRatio: [{ ...ratio[0], startAt: '10:30:00', endAt: '08:00:00' }] } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toBe('岗位系数第1行：结束时间须晚于开始时间');
    const dated = await h.call('PUT', `${D}/${d.deliveryId}/work-post-ratio`, { token: t.wh, data: { workPostRatio: [{ ...ratio[0], startAt: '2026-11-20 08:00' }] } });
    expect(dated.status).toBe(400);
    expect(dated.body.msg).toBe('岗位系数第1行：开始时间应为时:分:秒（如 08:30:00）');
    expect((await get(d.deliveryId)).workPostRatio).toEqual(ratio);
  });

  it('a scanned line without 库位 takes the 库位 that holds it; stock no single 库位 covers is refused naming where the pieces are', async () => {
    const a = await newPart();
    const wo = await stocked([[a.partItemId, 3]], 'G-01-01');
    const bare = (order: number, lines: [number, number][]) => ({ ...outBody(order, lines), items: lines.map(([partItemId, qty]) => ({ partItemId, qty })) });
    const d = ok(await h.call('POST', `${D}/delivery-out`, { token: t.wh, data: bare(wo, [[a.partItemId, 2]]) }));
    expect((await get(d.deliveryId)).items.map((l: any) => l.locationCode)).toEqual(['G-01-01']);
    const wo2 = await stocked([[a.partItemId, 2]], 'G-02-02');
    // 1 left at G-01-01, 2 at G-02-02: 3 in one line fits no 库位
    const r = await h.call('POST', `${D}/delivery-out`, { token: t.wh, data: bare(wo2, [[a.partItemId, 3]]) });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(`出库明细第1行：零件 ${a.partNo} 没有单个库位存够 3 件（G-02-02 2件，G-01-01 1件），请按库位拆分明细`);
    expect(await stockQty(a.partItemId)).toBe(3);
    // two scanned lines of the same part take the fullest 库位 first, then the next
    const two = ok(await h.call('POST', `${D}/delivery-out`, { token: t.wh, data: bare(wo2, [[a.partItemId, 2], [a.partItemId, 1]]) }));
    expect((await get(two.deliveryId)).items.map((l: any) => l.locationCode)).toEqual(['G-02-02', 'G-01-01']);
    expect(await stockQty(a.partItemId)).toBe(0);
  });

  it('needTransport needs a work order with a project: a clear refusal and nothing written', async () => {
    const a = await newPart();
    const wo = await stocked([[a.partItemId, 1]]);
    const r = await h.call('POST', `${D}/delivery-out`, { token: t.wh, data: outBody(wo, [[a.partItemId, 1]], 'E-01-01', { needTransport: true }) });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('需要派车的出库单须选择已关联项目的工单');
    expect(await stockQty(a.partItemId)).toBe(1);
  });

  describe('transitions: only from their states, only with their permission', () => {
    /** a delivery in the state: 10 out, 5 作废, 15 部分签收, 20 已签收 */
    const make = async (state: number) => {
      const a = await newPart();
      const wo = await stocked([[a.partItemId, 2]]);
      const d = await deliver(wo, [[a.partItemId, 2]]);
      if (state === 5) ok(await cancel(d.deliveryId));
      if (state === 15) ok(await receive(d.deliveryId, 1));
      if (state === 20) ok(await receive(d.deliveryId, 2));
      return get(d.deliveryId);
    };
    const cases: { name: string; from: number[]; call: (d: any, token: string) => Promise<{ status: number; body: any }>; permission: string; refused?: string }[] = [
      { name: '作废 cancel-delivery-out', from: [10], call: (d, token) => cancel(d.deliveryId, token), permission: '仓库:出库:作废', refused: REFUSED },
      { name: '签收登记 update-receive', from: [10, 15], call: (d, token) => receive(d.deliveryId, 1, token), permission: '仓库:出库', refused: '只有已出库、部分签收的出库单可以签收登记' },
      { name: '修改 update-delivery-out', from: [10, 15, 20], call: (d, token) => h.call('POST', `${D}/update-delivery-out`, { token, data: { deliveryId: d.deliveryId, version: d.version, remark: '改' } }), permission: '仓库:出库', refused: '已作废的出库单不能修改' },
      { name: '岗位系数 work-post-ratio', from: [10, 15, 20], call: (d, token) => h.call('PUT', `${D}/${d.deliveryId}/work-post-ratio`, { token, data: { workPostRatio: [{ post: 1, ratio: 1 }] } }), permission: '仓库:出库', refused: '已作废的出库单不能修改岗位系数' },
    ];
    for (const c of cases) {
      for (const state of [5, 10, 15, 20]) {
        const allowed = c.from.includes(state);
        it(`${c.name} from ${state}: ${allowed ? 'allowed' : '409'}`, async () => {
          const d = await make(state);
          const r = await c.call(d, t.wh);
          if (allowed) expect(r.status, JSON.stringify(r.body)).toBe(200);
          else {
            expect(r.status).toBe(409);
            expect(r.body.msg).toBe(c.refused);
          }
        });
      }
    }
    it('作废 needs 仓库:出库:作废, the other calls 仓库:出库: 403 without them', async () => {
      const voider = (await userWith(h, ['仓库:出库:作废'])).token;
      const stranger = (await userWith(h, ['仓库:入库'])).token;
      const viewer = (await userWith(h, ['仓库:出库:仅查看'])).token;
      // the 作废 holder passes the gate (404: nothing of theirs), yet may not deliver or sign
      expect((await h.call('POST', `${D}/cancel-delivery-out`, { token: voider, data: { deliveryId: 1, cancelReason: 'x' } })).status).toBe(404);
      expect((await h.call('POST', `${D}/delivery-out`, { token: voider, data: {} })).status).toBe(403);
      expect((await h.call('POST', `${D}/update-receive`, { token: voider, data: { deliveryId: 1, receivedPieces: 1 } })).status).toBe(403);
      expect((await h.call('GET', `${D}/page`, { token: viewer })).status).toBe(200);
      // 仅查看 opens the screen and reads (it grants 仓库:出库), but writes need 仓库:出库:编辑
      for (const [method, path, data] of [['POST', 'delivery-out', {}], ['POST', 'additional-delivery-out', {}], ['POST', 'update-delivery-out', {}],
        ['POST', 'update-receive', { deliveryId: 1, receivedPieces: 1 }], ['PUT', '1/work-post-ratio', {}], ['POST', 'cancel-delivery-out', {}]] as const) {
        expect((await h.call(method, `${D}/${path}`, { token: viewer, data })).status, `仅查看 ${path}`).toBe(403);
      }
      for (const [method, path, data] of [['GET', 'page', undefined], ['GET', '1', undefined], ['GET', 'delivery-no/CK1', undefined], ['POST', 'delivery-out', {}],
        ['POST', 'additional-delivery-out', {}], ['POST', 'update-delivery-out', {}], ['POST', 'cancel-delivery-out', {}], ['POST', 'update-receive', {}],
        ['PUT', '1/work-post-ratio', {}]] as const) {
        expect((await h.call(method, `${D}/${path}`, { token: stranger, ...(data ? { data } : {}) })).status, path).toBe(403);
      }
    });
    it('the automatic receive steps are the system\'s: no call performs them', async () => {
      const d = await make(10);
      for (const path of ['receive-partial', 'receiveAll', `${d.deliveryId}/receive-all`]) expect((await h.call('POST', `${D}/${path}`, { token: t.wh, data: {} })).status).toBe(404);
    });
  });

  it('tenant isolation: 华运苏州\'s keeper neither sees nor acts on 华运上海\'s deliveries', async () => {
    const shCustomerId = ((await h.database.db.selectFrom('customer').select('customerId').where('orgId', '=', sh.orgId).where('verifyStatus', '=', 15).orderBy('customerId').executeTakeFirstOrThrow()) as any).customerId;
    const shWarehouseId = ((await h.database.db.selectFrom('warehouse').select('warehouseId').where('orgId', '=', sh.orgId).orderBy('warehouseId').executeTakeFirstOrThrow()) as any).warehouseId;
    const a = ok(await h.call('POST', `${B}/part-item/save`, { token: t.admin, data: { partNo: `SH-D-${Date.now() % 100000}`, name: '上海零件', customerId: shCustomerId } }));
    const wo = ok(await h.call('POST', `${B}/work-order/save`, { token: t.admin, data: { workOrderNo: `SH-D-${Date.now() % 100000}`, customerId: shCustomerId, items: [{ partItemId: a.partItemId, planQty: 2 }] } }));
    ok(await h.call('POST', `${B}/work-order/${wo.workOrderId}/release`, { token: t.admin, data: {} }));
    const s = ok(await h.call('POST', `${B}/in-storage/save`, { token: t.admin, data: { warehouseId: shWarehouseId, customerId: shCustomerId, workOrderId: wo.workOrderId, arrivalAt: new Date().toISOString(), items: [{ partItemId: a.partItemId, qty: 2 }] } }));
    ok(await h.call('POST', `${B}/in-storage/${s.inStorageId}/submit`, { token: t.admin, data: {} }));
    ok(await h.call('POST', `${B}/in-storage/${s.inStorageId}/accept`, { token: t.admin, data: {} }));
    const d = ok(await h.call('POST', `${D}/delivery-out`, { token: t.admin, data: { warehouseId: shWarehouseId, customerId: shCustomerId, workOrderId: wo.workOrderId, outAt: new Date().toISOString(), items: [{ partItemId: a.partItemId, qty: 1 }] } }));
    expect((await h.call('GET', `${D}/${d.deliveryId}`, { token: t.wh })).status).toBe(404);
    // numbers run per organisation: the same 出库单号 in 苏州 is 苏州's own delivery, never 上海's
    const same = await h.call('GET', `${D}/delivery-no/${d.deliveryNo}`, { token: t.wh });
    expect(same.status === 404 || same.body.data.deliveryId !== d.deliveryId).toBe(true);
    expect(ok(await h.call('GET', `${D}/page?pageSize=200`, { token: t.wh })).list.some((r: any) => r.deliveryId === d.deliveryId)).toBe(false);
    expect((await receive(d.deliveryId, 1)).status).toBe(404);
    expect((await cancel(d.deliveryId)).status).toBe(404);
    expect((await h.call('PUT', `${D}/${d.deliveryId}/work-post-ratio`, { token: t.wh, data: { workPostRatio: [] } })).status).toBe(404);
    // nor can a 苏州 delivery take a 上海 part
    const mine = await newPart();
    const wo2 = await stocked([[mine.partItemId, 1]]);
    expect((await h.call('POST', `${D}/delivery-out`, { token: t.wh, data: outBody(wo2, [[a.partItemId, 1]]) })).status).toBe(400);
  });

  it('20 parallel delivery-outs of the last 7 pieces: exactly 7 pass, 13 get 库存不足, stock ends at 0', async () => {
    const a = await newPart();
    const wo = await stocked([[a.partItemId, 7]], 'F-01-01');
    const results = await Promise.all(Array.from({ length: 20 }, () => h.call('POST', `${D}/delivery-out`, { token: t.wh, data: outBody(wo, [[a.partItemId, 1]], 'F-01-01') })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.body.msg])).toEqual(Array(13).fill([400, `库存不足：${a.partNo} 库存0件，需1件`]));
    expect(await stockQty(a.partItemId)).toBe(0);
    expect(ok(await h.call('GET', `${D}/page?workOrderId=${wo}`, { token: t.wh })).total).toBe(7);
    expect((await order(wo)).items[0].deliveredQty).toBe(7);
  }, 60_000);
});
