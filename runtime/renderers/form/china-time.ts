/**
 * Dates and times are China Standard Time (Asia/Shanghai, UTC+8 all year) on every screen,
 * whatever zone the browser is set to: the server reads a time written without a zone as China
 * time and answers with instants (RFC 3339), so an instant is shown at +08:00 and a wall time
 * without a zone is shown as written.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

const CHINA_OFFSET_MINUTES = 8 * 60;
const HAS_ZONE = /[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** `value` (an instant, or a China wall time without zone) as China time in `format`. */
export function chinaTime(value: string | number | Date, format = 'YYYY-MM-DD HH:mm:ss'): string {
  if (typeof value === 'string' && !HAS_ZONE.test(value)) {
    const wall = dayjs(value);
    return wall.isValid() ? wall.format(format) : value;
  }
  const t = dayjs(value);
  return t.isValid() ? t.utcOffset(CHINA_OFFSET_MINUTES).format(format) : String(value);
}

/** A picker's value: an instant becomes the China wall time the picker shows and edits. */
export function chinaWallValue(value: unknown): unknown {
  return typeof value === 'string' && HAS_ZONE.test(value) ? chinaTime(value) : value;
}
