/**
 * Demo data of the warehouses and 转运入库 (DOMAIN §8 "warehouse", §5.2 flows 3 and 7): 仓库主管
 * 顾卫东 keeps 苏州零件库, 苏州物料库 and 太仓港中转堆场 in 华运苏州. Transshipments are booked on
 * the Shanghai company's projects (a record refers only to its own organisation's rows), so 华运上海
 * keeps its own 太仓港中转堆场 and its 15 transshipments (0×1, 5×2, 10×5, 15×6, 20×1) on the
 * running projects 振华QC-2309 (rate from the income contract: 3.5 元/吨·天, 7 days free) and
 * 明阳如东 (rate from 系统配置). The 明阳 ones are already booked (生成收入/成本); the 振华 ones wait
 * for the project manager to generate them on 转运财务.
 */
import type { SeedContext } from '../context';
import type { WriteContext } from '../../crud/write';
import { generateTransshipFinance } from '../../inventory/transship';
import { chinaToday } from '../../project/common';
import type { AreaSeeder } from './seeder';

type Row = Record<string, any>;
const iso = (d: Date) => d.toISOString();

const WAREHOUSES = [
  { name: '苏州零件库', code: 'SZ-LJ01', warehouseType: 1, regionCode: '320505', address: '苏州市虎丘区长江路211号1号库', area: '12000.00' },
  { name: '苏州物料库', code: 'SZ-WL01', warehouseType: 2, regionCode: '320505', address: '苏州市虎丘区长江路211号2号库', area: '3500.00' },
  { name: '太仓港中转堆场', code: 'TC-DC01', warehouseType: 3, regionCode: '320585', address: '太仓港经济技术开发区港区中转堆场B区', area: '48000.00' },
];

interface TransshipSeed {
  project: string; to: 0 | 5 | 10 | 15 | 20; from: string; mode: 1 | 2 | 3; vessel: string;
  /** days before now: arrival at the port, put into the yard, left the yard */
  arrived: number; stored?: number; out?: number;
  items: [string, number, string, string?][];
  /** a schedule of the project carrying cargo from 太仓港 (the short haul) */
  shortHaul?: boolean;
}

const ZPMC = '振华QC-2309岸桥部件仓储配送';
const MINGYANG = '明阳如东风电叶片短驳';

const SEEDS: TransshipSeed[] = [
  { project: ZPMC, to: 0, from: '南通港', mode: 1, vessel: '苏通驳2307 / 2611航次', arrived: -2, items: [['QC-2309门框横梁', 2, '46.000', '24.0×2.8×3.1']] },
  { project: ZPMC, to: 5, from: '南通港', mode: 1, vessel: '苏通驳2307 / 2609航次', arrived: 1, items: [['QC-2309海侧门腿', 2, '58.000', '36.0×2.6×2.6']] },
  { project: MINGYANG, to: 5, from: '阳江港', mode: 1, vessel: '明阳运12 / 2605航次', arrived: 2, items: [['MySE6.45轮毂', 1, '62.000'], ['导流罩', 1, '8.500']] },
  { project: ZPMC, to: 10, from: '南通港', mode: 1, vessel: '苏通驳2309 / 2604航次', arrived: 12, stored: 11, items: [['QC-2309前大梁分段A', 1, '48.000', '32.0×3.2×3.6'], ['QC-2309前大梁分段B', 1, '48.000', '32.0×3.2×3.6']], shortHaul: true },
  { project: ZPMC, to: 10, from: '上海南站(铁路)', mode: 2, vessel: 'X2608次', arrived: 9, stored: 8, items: [['起升卷筒', 2, '18.000'], ['小车架', 1, '26.400']] },
  { project: ZPMC, to: 10, from: '南通港', mode: 1, vessel: '苏通驳2307 / 2603航次', arrived: 5, stored: 5, items: [['QC-2309后大梁', 1, '88.000', '28.0×3.4×3.8']], shortHaul: true },
  { project: MINGYANG, to: 10, from: '阳江港', mode: 1, vessel: '明阳运12 / 2603航次', arrived: 6, stored: 5, items: [['MySE6.45叶片(90米)', 3, '75.000', '90.0×4.5×3.8']] },
  { project: MINGYANG, to: 10, from: '连云港', mode: 3, vessel: '苏G·H7285', arrived: 3, stored: 3, items: [['机舱罩', 1, '12.600']] },
  { project: ZPMC, to: 15, from: '南通港', mode: 1, vessel: '苏通驳2301 / 2588航次', arrived: 40, stored: 39, out: 27, items: [['QC-2309前大梁分段C', 2, '96.000', '32.0×3.2×3.6']], shortHaul: true },
  { project: ZPMC, to: 15, from: '南通港', mode: 1, vessel: '苏通驳2301 / 2590航次', arrived: 33, stored: 33, out: 28, items: [['鞍梁', 2, '22.000']] },
  { project: ZPMC, to: 15, from: '上海南站(铁路)', mode: 2, vessel: 'X2591次', arrived: 30, stored: 29, out: 14, items: [['司机室', 1, '9.800'], ['电气房', 1, '31.000']] },
  { project: ZPMC, to: 15, from: '南通港', mode: 1, vessel: '苏通驳2303 / 2596航次', arrived: 24, stored: 23, out: 3, items: [['QC-2309拉杆', 6, '36.000']], shortHaul: true },
  { project: MINGYANG, to: 15, from: '阳江港', mode: 1, vessel: '明阳运11 / 2581航次', arrived: 45, stored: 44, out: 31, items: [['MySE6.45叶片(90米)', 3, '75.000', '90.0×4.5×3.8']] },
  { project: MINGYANG, to: 15, from: '阳江港', mode: 1, vessel: '明阳运11 / 2584航次', arrived: 36, stored: 35, out: 32, items: [['塔筒法兰', 4, '16.000']] },
  { project: MINGYANG, to: 20, from: '阳江港', mode: 1, vessel: '明阳运11 / 2586航次', arrived: 20, items: [['备用变桨轴承', 3, '9.000']] },
];

function item([cargoName, qty, weight, dims]: [string, number, string, string?]): Row {
  const [length, width, height] = dims ? dims.split('×').map(Number) : [null, null, null];
  return { cargoName, qty, weight: Number(weight), length, width, height };
}

async function seed(ctx: SeedContext): Promise<void> {
  // 华运苏州's warehouses, kept by its 仓库主管.
  let wh: WriteContext;
  let admin: WriteContext;
  try {
    wh = await ctx.as('sz', '顾卫东');
    admin = await ctx.as('sh', '系统管理员');
  } catch {
    return;
  }
  for (const w of WAREHOUSES) await ctx.create(wh, 'warehouse', { ...w, managerStaffId: wh.session!.staffId });
  const yard = await ctx.create(admin, 'warehouse', { ...WAREHOUSES[2]!, remark: '华运上海项目的转运货物在此堆存、短驳' });

  const sh = ctx.orgIds.sh;
  const projects = new Map<string, Row>();
  for (const p of (await ctx.db.selectFrom('project').selectAll().where('orgId', '=', sh).where('auditState', '=', 15).execute()) as Row[]) projects.set(String(p.name), p);
  const shortHauls = new Map<number, number[]>();
  for (const [name, p] of projects) {
    if (name !== ZPMC) continue;
    const rows = (await ctx.db.selectFrom('transportSchedule as s').innerJoin('transportDemand as d', 'd.demandId', 's.demandId')
      .select(['s.scheduleId']).where('s.projectId', '=', p.projectId).where('d.loadAddress', 'like', '太仓港%').where('s.scheduleStatus', '<>', 5)
      .orderBy('s.scheduleId').execute()) as { scheduleId: number }[];
    shortHauls.set(Number(p.projectId), rows.map((r) => Number(r.scheduleId)));
  }
  const used = new Map<number, number>();
  // a Chinese day `days` before the seeding (negative: ahead) at that hour, China time
  const at = (days: number, hour: number) => new Date(`${chinaToday(ctx.daysAgo(days))}T${String(hour).padStart(2, '0')}:00:00+08:00`);

  for (const t of SEEDS) {
    const project = projects.get(t.project);
    if (!project) continue;
    const pid = Number(project.projectId);
    let scheduleId: number | null = null;
    if (t.shortHaul) {
      const list = shortHauls.get(pid) ?? [];
      const k = used.get(pid) ?? 0;
      if (list.length) scheduleId = list[k % list.length]!;
      used.set(pid, k + 1);
    }
    const row = await ctx.create(admin, 'transshipIn', {
      projectId: pid, warehouseId: yard.warehouseId, fromPlace: t.from, fromMode: t.mode, vesselOrTrain: t.vessel,
      arrivalAt: iso(at(t.arrived, 8)), scheduleId, items: t.items.map(item),
      remark: t.to === 0 ? '预计到港，船期以船公司通知为准' : null,
    });
    const id = Number(row.transshipId);
    await ctx.backdate('transshipIn', id, ctx.daysAgo(Math.max(t.arrived, 0) + 3));
    if (t.to === 0) continue;
    if (t.to === 20) {
      await ctx.transition(admin, 'transshipIn', id, 'void', { voidReason: '船期取消，货物改由宁波港直接发运' });
      continue;
    }
    await ctx.transition(admin, 'transshipIn', id, 'arrive', { arrivalAt: iso(at(t.arrived, 8)) });
    if (t.to === 5) continue;
    await ctx.transition(admin, 'transshipIn', id, 'store', { storedAt: iso(at(t.stored!, 14)) });
    if (t.to === 10) continue;
    await ctx.transition(admin, 'transshipIn', id, 'transferOut', { outAt: iso(at(t.out!, 9)) });
  }

  // 明阳's transshipments were booked last month; 振华's wait on 转运财务.
  const mingyang = projects.get(MINGYANG);
  if (mingyang && Number(mingyang.runState) !== 30) await generateTransshipFinance(admin, mingyang.projectId);
}

export const transshipSeeder: AreaSeeder = { name: 'transship', seed };
