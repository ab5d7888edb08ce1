/**
 * Plate colours (JT/T 697.7 codes) that a plate's shape decides (GA 36 号牌): an 8-character
 * new-energy plate is 93 黄绿色 when five digits follow the region (大型新能源, "沪A02358D") and
 * 94 渐变绿色 when a letter stands third (小型新能源); a trailer plate (…挂) and the plates of
 * tractors and semi-trailers are 2 黄色. Other 7-character plates may be blue or yellow by size.
 */
const LARGE_NEW_ENERGY = /^.[A-Z]\d{5}[ABCDEFGHJK]$/;
/** vehicleKind codes that always carry yellow plates: 牵引车 and the semi-trailers */
const YELLOW_KINDS = new Set([1, 2, 3, 4, 5]);
const COLOR_NAMES: Record<number, string> = { 1: '蓝色', 2: '黄色', 93: '黄绿色', 94: '渐变绿色' };

export function expectedPlateColor(plate: string, vehicleKind?: number | null): number | null {
  if (plate.length === 8) return LARGE_NEW_ENERGY.test(plate) ? 93 : 94;
  if (plate.endsWith('挂')) return 2;
  if (vehicleKind !== null && vehicleKind !== undefined && YELLOW_KINDS.has(Number(vehicleKind))) return 2;
  return null;
}

/** A Chinese message when the chosen colour contradicts the plate, else null. */
export function plateColorProblem(plate: unknown, color: unknown, vehicleKind?: unknown): string | null {
  if (typeof plate !== 'string' || color === null || color === undefined) return null;
  const expected = expectedPlateColor(plate, vehicleKind === null || vehicleKind === undefined ? null : Number(vehicleKind));
  if (expected === null || expected === Number(color)) return null;
  if (plate.length === 8) return `新能源车牌${plate}应为${COLOR_NAMES[expected]}`;
  if (plate.endsWith('挂')) return `挂车号牌应为${COLOR_NAMES[expected]}`;
  return `牵引车和半挂车的号牌应为${COLOR_NAMES[expected]}`;
}
