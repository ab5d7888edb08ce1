/**
 * A path's figures, worked out in the browser from the points the server sent (the server passes
 * the points through as text: a 30-day path is 259,200 points, and the page parses them anyway).
 * Length: great-circle steps, jumps faster than 160 km/h left out (GPS glitches); stops: runs
 * below 5 km/h lasting at least 10 minutes (DOMAIN §6.5 停留点).
 */
export type PathPoint = [number, number, number, number, number];
export interface Stop { start: number; end: number; lng: number; lat: number; minutes: number }
export interface PathSummary { points: number; km: number; maxSpeed: number; avgSpeed: number; durationMinutes: number; stops: Stop[] }

export const MOVING_KMH = 5;
const STOP_MINUTES = 10;

function haversineKm(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function summarise(points: PathPoint[]): PathSummary {
  let km = 0;
  let maxSpeed = 0;
  let speedSum = 0;
  const stops: Stop[] = [];
  let from: PathPoint | null = null;
  let last: PathPoint | null = null;
  const close = () => {
    if (from && last && (last[0] - from[0]) / 60_000 >= STOP_MINUTES) {
      stops.push({ start: from[0], end: last[0], lng: from[1], lat: from[2], minutes: Math.round((last[0] - from[0]) / 60_000) });
    }
    from = null;
  };
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (p[3] > maxSpeed) maxSpeed = p[3];
    speedSum += p[3];
    if (i > 0) {
      const q = points[i - 1]!;
      const step = haversineKm(q[1], q[2], p[1], p[2]);
      const hours = (p[0] - q[0]) / 3600_000;
      if (hours > 0 && step / hours <= 160) km += step;
    }
    if (p[3] < MOVING_KMH) {
      from ??= p;
      last = p;
    } else close();
  }
  close();
  const n = points.length;
  return {
    points: n, km: Math.round(km * 10) / 10, maxSpeed, avgSpeed: n ? Math.round((speedSum / n) * 10) / 10 : 0,
    durationMinutes: n ? Math.round((points[n - 1]![0] - points[0]![0]) / 60_000) : 0, stops,
  };
}

/** Index of the last point at or before time t (binary search). */
export function indexAt(points: PathPoint[], t: number): number {
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid]![0] <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
