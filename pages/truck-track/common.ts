/** Labels and helpers the 在途车辆 screens share; the call shapes are in schemas/src/tracking.ts. */

export type { LocationRow } from '../../schemas/src/tracking';

export type { LivePosition as LiveTruck } from '../../schemas/src/tracking';

export const MOTION: Record<1 | 2 | 3, { label: string; color: string; tag: string }> = {
  1: { label: '行驶', color: '#52c41a', tag: 'success' },
  2: { label: '停车', color: '#1677ff', tag: 'processing' },
  3: { label: '离线', color: '#8c8c8c', tag: 'default' },
};

/** The 长三角 view the demo corridors run in (沪杭宁, 临港 → 长兴). */
export const DELTA_CENTER: [number, number] = [120.6, 31.0];

const DIRS = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'];
export function directionText(d: number | null): string {
  if (d === null || d === undefined) return '—';
  return DIRS[Math.round(d / 45) % 8]!;
}

/** YYYY-MM-DD HH:mm:ss in China time (the seed's format), whatever the browser's zone. */
export function fmtTime(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '—';
  const t = typeof v === 'number' ? v : Date.parse(v);
  return new Date(t + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
