/**
 * Demo data of 数字资产 (DOMAIN §8 "assets"): 资料管理员 林晓燕 keeps 12 categories of 华运上海
 * (合同档案, 项目资料 → 技术方案/踏勘报告/回单, 资质证照, 培训资料; 10 published, 1 draft, 1
 * disabled) with their permissions (商务部 and 项目经理 may borrow project material, 商务专员 the
 * certificates), 80 assets (one .mp4 training video) and 20 borrowings (未开始 2, 借阅中 6,
 * 已归还 10, 已逾期 2, one of the 未开始 still waiting for her approval). The files are real (small
 * PDF, PNG and MP4 files under the upload folder), so preview and download work.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SeedContext } from '../context';
import type { AreaSeeder } from './seeder';
import { uploadsDir } from '../../files/files';
import { chinaDate, refreshBorrowDates } from '../../digital-asset/asset-borrow';
import { LEVEL, levelOf, resolveAccess } from '../../digital-asset/access';

type Row = Record<string, any>;

const PDF = (title: string) => Buffer.from(`%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length ${44 + title.length}>>stream
BT /F1 18 Tf 72 760 Td (${title}) Tj ET
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF
`, 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d8b0a10000000049454e44ae426082', 'hex');
/** An MP4 header box only: recognised as video by its name; the player shows its fallback text. */
const MP4 = Buffer.concat([Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex'), Buffer.alloc(64)]);

const CATEGORIES: { name: string; code: string; parent?: string; status: 0 | 10 | 20; maxBorrowDays?: number; needsApproval?: boolean }[] = [
  { name: '合同档案', code: 'HT', status: 10 },
  { name: '收入合同', code: 'HT-SR', parent: '合同档案', status: 10 },
  { name: '成本合同', code: 'HT-CB', parent: '合同档案', status: 20 },
  { name: '项目资料', code: 'XM', status: 10, maxBorrowDays: 14 },
  { name: '技术方案', code: 'XM-FA', parent: '项目资料', status: 10, maxBorrowDays: 14 },
  { name: '踏勘报告', code: 'XM-TK', parent: '项目资料', status: 10, maxBorrowDays: 14 },
  { name: '回单', code: 'XM-HD', parent: '项目资料', status: 10 },
  { name: '资质证照', code: 'ZZ', status: 10 },
  { name: '营业执照及许可', code: 'ZZ-XK', parent: '资质证照', status: 10, needsApproval: false },
  { name: '车辆证照', code: 'ZZ-CL', parent: '资质证照', status: 0 },
  { name: '培训资料', code: 'PX', status: 10 },
  { name: '安全培训', code: 'PX-AQ', parent: '培训资料', status: 10, needsApproval: false },
];

const ASSETS: Record<string, { names: string[]; tags: string; ext: 'pdf' | 'png' }> = {
  收入合同: { names: ['上海电气220t变压器运输合同', '振华重工岸桥部件运输框架合同', '明阳风电叶片短驳合同', '中石化反应器运输合同', '宝武钢卷年度运输合同', '西门子燃机转子运输合同', '通用电气发电机定子运输合同', '国网特高压换流变运输合同', '三一重工履带吊转场合同', '中船海工模块运输合同'], tags: '合同,收入', ext: 'pdf' },
  成本合同: { names: ['路歌平台个体司机合作协议', '轴线车租赁合同(苏州大件)', '护送车服务合同'], tags: '合同,成本', ext: 'pdf' },
  技术方案: { names: ['临港至湖州长兴变电站220t变压器运输方案', '洋山港QC-2309岸桥部件运输方案', '如东风电90米叶片运输方案', '镇海炼化加氢反应器运输方案', '苏通大桥超限通行方案', '长江码头滚装上船方案', '液压轴线车配载计算书', '桥梁承载力验算报告', '夜间限时通行组织方案', '大件吊装专项方案', '风电塔筒分段运输方案', '换流变铁路转公路方案'], tags: '方案,大件,超限', ext: 'pdf' },
  踏勘报告: { names: ['G15沈海高速嘉兴段踏勘报告', 'S32申嘉湖高速踏勘报告', '长兴变电站进站道路踏勘', '洋山深水港四期踏勘', '如东洋口港踏勘报告', '镇海港区通行踏勘', '太仓港中转堆场踏勘', '苏州工业园区进厂道路踏勘', '湖州南浔段桥梁净空测量', '临港重装备产业区路线踏勘', '杭州湾跨海大桥通行条件', '宁波北仑港码头踏勘'], tags: '踏勘,路线', ext: 'png' },
  回单: { names: Array.from({ length: 26 }, (_, i) => `派车回单-沪D${String(7000 + i * 37)}-${String(i + 1).padStart(2, '0')}`), tags: '回单,签收', ext: 'png' },
  营业执照及许可: { names: ['华运物流营业执照', '道路运输经营许可证', '大件运输许可证(2026)', '危险货物运输资质', '安全生产标准化证书', 'ISO9001质量体系证书', 'AAAA级物流企业证书', '超限运输车辆通行证样本'], tags: '资质,证照', ext: 'pdf' },
  安全培训: { names: ['大件运输安全操作规程', '液压轴线车操作培训手册', '夏季高温作业安全须知', '冬季冰雪道路驾驶要点', '捆扎加固作业标准', '应急处置预案', '司机安全培训考核表', '防疲劳驾驶规定'], tags: '培训,安全', ext: 'pdf' },
};

async function seed(ctx: SeedContext): Promise<void> {
  const org = ctx.orgIds.sh;
  const archivist = await ctx.as('sh', '林晓燕');
  const s = archivist.session!;
  const ids = new Map<string, number>();
  for (const c of CATEGORIES) {
    const row = await ctx.create(archivist, 'digitalAssetCategory', {
      name: c.name, code: c.code, parentId: c.parent ? ids.get(c.parent) : null, sort: CATEGORIES.indexOf(c), ownerStaffId: s.staffId,
      maxBorrowDays: c.maxBorrowDays ?? 7, borrowNeedsApproval: c.needsApproval ?? true,
    });
    ids.set(c.name, Number(row.categoryId));
  }
  // Published first (assets go into published categories), disabled at the end.
  for (const c of CATEGORIES) if (c.status !== 0) await ctx.transition(archivist, 'digitalAssetCategory', ids.get(c.name)!, 'publish');

  const role = async (code: string) => Number((await ctx.db.selectFrom('role').select('roleId').where('corpId', '=', ctx.corpId).where('code', '=', code).executeTakeFirstOrThrow() as Row).roleId);
  const dep = async (name: string) => Number((await ctx.db.selectFrom('department').select('depId').where('orgId', '=', org).where('name', '=', name).executeTakeFirstOrThrow() as Row).depId);
  const grants: { category: string; permissions: { roleIds?: number[]; depIds?: number[]; staffIds?: number[]; level: number }[] }[] = [
    { category: '合同档案', permissions: [{ roleIds: [await role('bizManager'), await role('gm')], level: 2 }] },
    { category: '项目资料', permissions: [{ roleIds: [await role('pm'), await role('gm')], level: 2 }, { depIds: [await dep('商务部')], level: 2 }, { roleIds: [await role('planner')], level: 3 }] },
    { category: '资质证照', permissions: [{ roleIds: [await role('business'), await role('bizManager'), await role('pm')], level: 2 }] },
    { category: '培训资料', permissions: [{ roleIds: [await role('business'), await role('pm'), await role('dispatcher')], level: 1 }] },
  ];
  const { digitalAssetCategoryHandlers } = await import('../../digital-asset/digital-asset-category');
  for (const g of grants) {
    await digitalAssetCategoryHandlers['digitalAssetCategory.savePermission']!({
      db: ctx.db, session: s, params: {}, query: {}, body: { categoryId: ids.get(g.category), permissions: g.permissions },
      entry: {} as any, entities: ctx.entities, catalogue: [], request: undefined as any, reply: undefined as any,
    });
  }

  const dir = path.join(uploadsDir(), String(org));
  mkdirSync(dir, { recursive: true });
  const file = async (name: string, ext: string, data: Buffer) => {
    const fileName = `asset_${randomBytes(12).toString('hex')}.${ext}`;
    writeFileSync(path.join(dir, fileName), data);
    await ctx.db.insertInto('fileObject').values({
      corpId: ctx.corpId, orgId: org, fileName, originalName: `${name}.${ext}`, ext, mime: ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'video/mp4',
      size: data.length, prefixName: 'asset', fileType: null, createdBy: s.staffId, updatedBy: s.staffId,
    }).execute();
    return { name: `${name}.${ext}`, url: `/api/v1/file-base/file/${fileName}`, fileName, size: data.length };
  };

  const assets: Row[] = [];
  let n = 0;
  // The disabled category's assets were published before it was disabled.
  for (const [category, spec] of Object.entries(ASSETS)) {
    const categoryId = ids.get(category)!;
    for (const name of spec.names) {
      n += 1;
      const files = [await file(name, spec.ext, spec.ext === 'pdf' ? PDF(`HY-${n}`) : PNG)];
      const securityLevel = category === '收入合同' || category === '成本合同' ? (n % 3 === 0 ? 3 : 2) : category === '营业执照及许可' || category === '安全培训' ? 1 : 2;
      const row = await ctx.create(archivist, 'digitalAsset', {
        name, categoryId, securityLevel, files, tags: spec.tags, assetVersion: 'V1.0',
        remark: `${category}：${name}`,
      });
      assets.push(row);
      // 0 草稿 ×2, 20 已下架 ×2, the rest published.
      if (n % 37 === 5) continue;
      await ctx.transition(archivist, 'digitalAsset', Number(row.assetId), 'submit');
      if (n % 41 === 7) await ctx.transition(archivist, 'digitalAsset', Number(row.assetId), 'offline');
      await ctx.backdate('digitalAsset', Number(row.assetId), ctx.daysAgo(5 + ((n * 7) % 300)));
    }
  }
  // The one video (seed 000: a name ending in .mp4 is a video).
  {
    const categoryId = ids.get('安全培训')!;
    const files = [await file('大件运输安全培训视频', 'mp4', MP4)];
    const row = await ctx.create(archivist, 'digitalAsset', { name: '大件运输安全培训视频', categoryId, securityLevel: 1, files, tags: '培训,视频', assetVersion: 'V1.0' });
    await ctx.transition(archivist, 'digitalAsset', Number(row.assetId), 'submit');
    assets.push(row);
  }
  // A newer version of one scheme: the earlier file is kept as V1.0.
  {
    const scheme = assets.find((a) => a.name === '临港至湖州长兴变电站220t变压器运输方案')!;
    await ctx.update(archivist, 'digitalAsset', Number(scheme.assetId), { files: [await file('临港至湖州长兴变电站220t变压器运输方案(修订)', 'pdf', PDF('HY-REV'))], assetVersion: 'V2.0' });
  }
  for (const c of CATEGORIES) if (c.status === 20) await ctx.transition(archivist, 'digitalAssetCategory', ids.get(c.name)!, 'disable');

  // ---- 20 borrowings ----
  const published = (await ctx.db.selectFrom('digitalAsset').selectAll().where('orgId', '=', org).where('status', '=', 15)
    .where('categoryId', 'in', ['技术方案', '踏勘报告', '回单', '营业执照及许可'].map((c) => ids.get(c)!)).orderBy('assetId').execute()) as Row[];
  const borrowers = ['沈国良', '杨帆', '沈伟民', '周慧敏'];
  const today = chinaDate(ctx.now);
  const plusDays = (d: number) => chinaDate(new Date(ctx.now.getTime() + d * 86_400_000));
  const plan: (0 | 5 | 10 | 15 | 'pending')[] = ['pending', 0, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 15, 15];
  const approvalCategories = ['技术方案', '踏勘报告', '回单'].map((c) => ids.get(c)!);
  let i = 0;
  const taken = new Set<string>();
  for (const target of plan) {
    const who = borrowers[i % borrowers.length]!;
    // 周慧敏 (商务) borrows what 商务部 and her role may: project material and certificates.
    const w = await ctx.as('sh', who);
    const access = await resolveAccess(ctx.db, w.session!);
    const allowed = published.filter((a) => levelOf(access, Number(a.categoryId)) >= LEVEL.borrow);
    const needsApproval = allowed.filter((a) => approvalCategories.includes(Number(a.categoryId)));
    const pool = target === 'pending' || target === 0 || target === 5 || target === 15 ? (needsApproval.length ? needsApproval : allowed) : allowed;
    const free = pool.filter((a) => !taken.has(`${who}:${a.assetId}`));
    const asset = free[(i * 5) % free.length]!;
    taken.add(`${who}:${asset.assetId}`);
    i += 1;
    const borrow = await ctx.create(w, 'assetBorrow', {
      assetId: asset.assetId, borrowType: 1 + (i % 3), purpose: ['投标准备参考', '项目交底', '客户审计调阅', '方案复核', '编制新方案参考'][i % 5],
      startDate: target === 0 ? plusDays(3) : today, endDate: target === 0 ? plusDays(6) : plusDays(5),
    });
    if (target === 'pending') continue;
    const state = (await ctx.db.selectFrom('assetBorrow').select('auditState').where('borrowId', '=', borrow.borrowId).executeTakeFirstOrThrow()) as Row;
    if (Number(state.auditState) === 5) await ctx.decide(archivist, 'assetBorrow', Number(borrow.borrowId), true, '同意');
    if (target === 10) await ctx.transition(w, 'assetBorrow', Number(borrow.borrowId), 'giveBack');
    if (target === 15) {
      // Borrowed two weeks ago for a week: the date job finds it overdue and reminds the borrower.
      await ctx.db.updateTable('assetBorrow').set({ startDate: chinaDate(ctx.daysAgo(14)), endDate: chinaDate(ctx.daysAgo(8)) }).where('borrowId', '=', borrow.borrowId).execute();
    }
    await ctx.backdate('assetBorrow', Number(borrow.borrowId), ctx.daysAgo(target === 15 ? 14 : 1 + (i % 20)));
  }
  await refreshBorrowDates(ctx.db, ctx.entities, { orgId: org, asOf: today });
}

export const digitalAssetSeeder: AreaSeeder = { name: 'digital-asset', seed };
