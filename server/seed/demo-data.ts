/** Demo content of a fresh database. Passwords here are the documented demo defaults. */

export const CORP_NAME = '华运物流集团';

export const ORGS = [
  { key: 'sh', name: '华运物流(上海)有限公司', shortName: '华运上海', regionCode: '310115', address: '上海市浦东新区张杨路500号', disabled: false },
  { key: 'sz', name: '华运仓储(苏州)有限公司', shortName: '华运苏州', regionCode: '320505', address: '苏州市虎丘区长江路211号', disabled: false },
  { key: 'gz', name: '华运冷链(广州)有限公司', shortName: '华运冷链', regionCode: '440113', address: '广州市番禺区市桥街繁华路18号', disabled: true },
] as const;

export type OrgKey = (typeof ORGS)[number]['key'];

export const DEPARTMENTS: Record<OrgKey, { name: string; children?: string[]; isBusiness?: boolean }[]> = {
  sh: [
    { name: '总经理办公室' },
    { name: '商务部', isBusiness: true, children: ['华东大客户组', '电商物流组'] },
    { name: '运营调度部', children: ['干线调度组', '城配调度组'] },
    { name: '财务部' },
  ],
  sz: [{ name: '综合管理部' }, { name: '仓储运营部', children: ['入库组', '出库组'] }, { name: '商务部', isBusiness: true }],
  gz: [{ name: '综合管理部' }, { name: '冷链运营部' }],
};

export interface DemoAccount {
  username: string;
  password: string;
  name: string;
  memberships: { org: OrgKey; role: string; dep: string; isDefault?: boolean; post: string }[];
  mobile: string;
}

export function demoAccounts(adminPassword: string): DemoAccount[] {
  return [
    {
      username: 'admin', password: adminPassword, name: '系统管理员', mobile: '13800000001',
      memberships: [
        { org: 'sh', role: 'admin', dep: '总经理办公室', isDefault: true, post: '系统管理员' },
        { org: 'sz', role: 'admin', dep: '综合管理部', post: '系统管理员' },
        { org: 'gz', role: 'admin', dep: '综合管理部', post: '系统管理员' },
      ],
    },
    { username: 'business', password: 'Business@123', name: '周慧敏', mobile: '13917320458',
      memberships: [{ org: 'sh', role: 'business', dep: '华东大客户组', isDefault: true, post: '商务专员' }] },
    { username: 'nobody', password: 'Nobody@123', name: '吴晓东', mobile: '13661785203',
      memberships: [{ org: 'sh', role: 'nothing', dep: '运营调度部', isDefault: true, post: '实习生' }] },
    { username: 'suzhou', password: 'Suzhou@123', name: '陆建平', mobile: '15850126637',
      memberships: [{ org: 'sz', role: 'companyAdmin', dep: '综合管理部', isDefault: true, post: '总经理' }] },
    { username: 'orphan', password: 'Orphan@123', name: '孙立新', mobile: '18602137745', memberships: [] },
    // The role bundles of DOMAIN §1.1, one login each (password <Name>@123).
    { username: 'gm', password: 'Gm@123', name: '沈伟民', mobile: '13901760011', memberships: [{ org: 'sh', role: 'gm', dep: '总经理办公室', isDefault: true, post: '总经理' }] },
    { username: 'bizmgr', password: 'Bizmgr@123', name: '杨帆', mobile: '13310248867', memberships: [{ org: 'sh', role: 'bizManager', dep: '商务部', isDefault: true, post: '商务经理' }] },
    { username: 'planner', password: 'Planner@123', name: '郭振宇', mobile: '13671820453', memberships: [{ org: 'sh', role: 'planner', dep: '商务部', isDefault: true, post: '方案工程师' }] },
    { username: 'pm', password: 'Pm@123', name: '沈国良', mobile: '13817762930', memberships: [{ org: 'sh', role: 'pm', dep: '运营调度部', isDefault: true, post: '项目经理' }] },
    { username: 'dispatch', password: 'Dispatch@123', name: '何俊', mobile: '13795318826', memberships: [{ org: 'sh', role: 'dispatcher', dep: '干线调度组', isDefault: true, post: '调度主管' }] },
    { username: 'finance', password: 'Finance@123', name: '潘文娟', mobile: '13564207719', memberships: [{ org: 'sh', role: 'finMgr', dep: '财务部', isDefault: true, post: '财务经理' }] },
    { username: 'cashier', password: 'Cashier@123', name: '徐静', mobile: '13524610087', memberships: [{ org: 'sh', role: 'cashier', dep: '财务部', isDefault: true, post: '出纳' }] },
    { username: 'wh', password: 'Wh@123', name: '顾卫东', mobile: '15995601324', memberships: [{ org: 'sz', role: 'wh', dep: '仓储运营部', isDefault: true, post: '仓库主管' }] },
    { username: 'archive', password: 'Archive@123', name: '林晓燕', mobile: '13611952286', memberships: [{ org: 'sh', role: 'archivist', dep: '总经理办公室', isDefault: true, post: '资料管理员' }] },
    // The 大屏看板 role alone (DOMAIN §7 R18/R19): the login of the screen in the operations room.
    { username: 'screen', password: 'Screen@123', name: '调度大屏', mobile: '13611952290', memberships: [{ org: 'sh', role: 'bigScreen', dep: '运营调度部', isDefault: true, post: '大屏看板' }] },
  ];
}

/** Staff without a login (drivers, dispatchers, warehouse keepers). */
export const EXTRA_STAFF: { org: OrgKey; name: string; dep: string; mobile: string; post: string }[] = [
  { org: 'sh', name: '王建国', dep: '干线调度组', mobile: '13816253341', post: '调度主管' },
  { org: 'sh', name: '李秀英', dep: '财务部', mobile: '13764021985', post: '会计' },
  { org: 'sh', name: '张伟', dep: '城配调度组', mobile: '18817395520', post: '调度员' },
  { org: 'sh', name: '刘洋', dep: '电商物流组', mobile: '15921673308', post: '客户经理' },
  { org: 'sh', name: '陈静', dep: '华东大客户组', mobile: '13585972216', post: '客户经理' },
  { org: 'sz', name: '赵敏', dep: '入库组', mobile: '15262108839', post: '仓管员' },
  { org: 'sz', name: '黄磊', dep: '出库组', mobile: '18913574402', post: '仓管员' },
  { org: 'sz', name: '周杰', dep: '商务部', mobile: '13962250917', post: '客户经理' },
  { org: 'gz', name: '吴桂芳', dep: '冷链运营部', mobile: '13925087716', post: '冷链调度' },
];

export interface DemoCustomer {
  name: string; shortName: string; industry: string; regionCode: string; address: string;
  contactName: string; contactPhone: string; customerLevel: number; verifyStatus: number;
}

const SH: [string, string, string, string, string][] = [
  ['上海联华超市配送有限公司', '联华配送', '零售连锁', '310107', '上海市普陀区真光路1258号'],
  ['上海宝钢物流有限公司', '宝钢物流', '钢铁', '310113', '上海市宝山区蕴川路3962号'],
  ['上海光明乳业冷链有限公司', '光明冷链', '食品饮料', '310112', '上海市闵行区吴中路578号'],
  ['上汽通用汽车零部件物流有限公司', '上汽零部件', '汽车制造', '310114', '上海市嘉定区安亭镇墨玉南路888号'],
  ['上海医药分销控股有限公司', '上药分销', '医药', '310106', '上海市静安区江场三路250号'],
  ['上海家化联合股份有限公司', '上海家化', '日化', '310109', '上海市虹口区保定路527号'],
  ['上海晨光文具股份有限公司', '晨光文具', '文教用品', '310120', '上海市奉贤区金钱公路3469号'],
  ['上海振华重工物流有限公司', '振华物流', '装备制造', '310115', '上海市浦东新区东方路3261号'],
  ['上海百联电商供应链有限公司', '百联电商', '电子商务', '310101', '上海市黄浦区九江路501号'],
  ['上海梅林正广和食品有限公司', '梅林食品', '食品饮料', '310110', '上海市杨浦区军工路224号'],
  ['上海华谊新材料有限公司', '华谊新材', '化工', '310116', '上海市金山区金一路48号'],
  ['上海外高桥保税物流有限公司', '外高桥物流', '保税物流', '310115', '上海市浦东新区富特北路456号'],
  ['上海申美饮料食品有限公司', '申美饮料', '食品饮料', '310112', '上海市闵行区浦江镇陈行公路2388号'],
  ['上海锦江国际酒店物资有限公司', '锦江物资', '酒店服务', '310104', '上海市徐汇区漕溪北路398号'],
  ['上海三菱电梯配件有限公司', '三菱电梯配件', '装备制造', '310112', '上海市闵行区江川路811号'],
  ['上海良友粮油配送有限公司', '良友粮油', '粮油', '310105', '上海市长宁区天山路1900号'],
  ['上海东方国际纺织品有限公司', '东方纺织', '纺织服装', '310106', '上海市静安区共和新路3088号'],
  ['上海华虹半导体材料有限公司', '华虹材料', '电子', '310115', '上海市浦东新区哈雷路288号'],
  ['上海永辉生鲜供应链有限公司', '永辉生鲜', '零售连锁', '310117', '上海市松江区九亭镇沪亭北路218号'],
  ['上海隧道工程材料有限公司', '隧道材料', '建筑建材', '310104', '上海市徐汇区宛平南路1099号'],
  ['上海汉钟精机物流有限公司', '汉钟物流', '装备制造', '310118', '上海市青浦区华新镇新凤中路789号'],
  ['上海来伊份食品连锁有限公司', '来伊份', '食品饮料', '310117', '上海市松江区九亭镇九新公路855号'],
  ['上海紫江包装材料有限公司', '紫江包装', '包装材料', '310112', '上海市闵行区七莘路1388号'],
  ['上海安吉汽车运输有限公司', '安吉汽运', '汽车物流', '310114', '上海市嘉定区安亭镇于田南路218号'],
  ['上海新华书店物流有限公司', '新华物流', '出版发行', '310110', '上海市杨浦区国和路36号'],
  ['上海复星医药供应链有限公司', '复星医药', '医药', '310115', '上海市浦东新区康桥东路1号'],
  ['上海德邦快运分拨有限公司', '德邦分拨', '快递快运', '310118', '上海市青浦区徐泾镇徐民路1号'],
  ['上海农工商超市物流有限公司', '农工商物流', '零售连锁', '310112', '上海市闵行区莲花南路1299号'],
  ['上海中远海运集装箱服务有限公司', '中远集服', '航运', '310115', '上海市浦东新区洲海路999号'],
  ['上海电气输配电物资有限公司', '电气物资', '电力设备', '310112', '上海市闵行区剑川路955号'],
  ['上海巴斯夫化工物流有限公司', '巴斯夫物流', '化工', '310115', '上海市浦东新区江心沙路300号'],
  ['上海城投环境物资有限公司', '城投环境', '市政环保', '310101', '上海市黄浦区中山南路1777号'],
  ['上海盒马鲜生物流有限公司', '盒马物流', '电子商务', '310115', '上海市浦东新区川沙路6999号'],
  ['上海老凤祥珠宝物流有限公司', '老凤祥物流', '珠宝首饰', '310101', '上海市黄浦区南京东路432号'],
  ['上海冠生园食品有限公司', '冠生园', '食品饮料', '310120', '上海市奉贤区环城北路159号'],
  ['上海海立电器物流有限公司', '海立物流', '家电', '310115', '上海市浦东新区宁桥路888号'],
];

const SZ: [string, string, string, string, string][] = [
  ['苏州金龙客车配件有限公司', '金龙配件', '汽车制造', '320505', '苏州市虎丘区嵩山路199号'],
  ['苏州工业园区电子材料有限公司', '园区电子', '电子', '320576', '苏州市苏州工业园区星湖街328号'],
  ['苏州好孩子用品物流有限公司', '好孩子物流', '母婴用品', '320583', '昆山市陆家镇陆丰东路28号'],
  ['苏州东吴水泥建材有限公司', '东吴建材', '建筑建材', '320506', '苏州市吴中区木渎镇金山路88号'],
];

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙'];
const GIVEN = ['志强', '丽娟', '海峰', '春燕', '国庆', '雪梅', '建华', '晓玲', '永刚', '婷婷', '红霞', '明辉'];
const PREFIXES = ['139', '138', '137', '136', '135', '186', '188', '159', '158', '150'];

function customer(row: [string, string, string, string, string], i: number, statusCycle: number[]): DemoCustomer {
  const [name, shortName, industry, regionCode, address] = row;
  return {
    name, shortName, industry, regionCode, address,
    contactName: SURNAMES[i % SURNAMES.length]! + GIVEN[(i * 5) % GIVEN.length]!,
    contactPhone: PREFIXES[i % PREFIXES.length]! + String(10000000 + ((i * 7919 + 1237) % 89999999)).padStart(8, '0'),
    customerLevel: (i % 4) + 1,
    verifyStatus: statusCycle[i % statusCycle.length]!,
  };
}

// Mostly 使用中 (15), with some drafts, pending, rejected and cancelled ones for the filters to find.
export const SHANGHAI_CUSTOMERS = SH.map((r, i) => customer(r, i, [15, 15, 15, 5, 15, 0, 15, 10, 15, 20, 15, 5]));
export const SUZHOU_CUSTOMERS = SZ.map((r, i) => customer(r, i + 100, [15, 5]));
