import { describe, expect, it } from 'vitest';
import { outOfChina, wgs84ToGcj02 } from '../../../schemas/src/geo/gcj02';

// Known pairs of the published transform (e.g. the widely used coordtransform library's examples).
describe('WGS-84 → GCJ-02', () => {
  it('shifts points in China by the standard offsets', () => {
    const [lng, lat] = wgs84ToGcj02(116.404, 39.915); // 天安门
    expect(lng).toBeCloseTo(116.41024449916938, 9);
    expect(lat).toBeCloseTo(39.91640428150164, 9);
    const [lng2, lat2] = wgs84ToGcj02(121.4737, 31.2304); // 上海人民广场: a few hundred metres
    expect(lng2).toBeCloseTo(121.47822305927693, 9);
    expect(lat2).toBeCloseTo(31.22845773757727, 9);
  });
  it('leaves points outside China as they are', () => {
    expect(outOfChina(2.35, 48.85)).toBe(true);
    expect(wgs84ToGcj02(2.35, 48.85)).toEqual([2.35, 48.85]);
    expect(wgs84ToGcj02(-74.006, 40.7128)).toEqual([-74.006, 40.7128]);
  });
});
