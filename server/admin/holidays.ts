/**
 * Holiday calendar generation (节假日日历, DOMAIN §2.2 dayType, §3.8): 1 工作日, 2 休息日,
 * 3 法定节假日, 4 调休上班. The statutory days themselves follow 全国年节及纪念日放假办法 (13 a
 * year since 2025: 元旦 1, 春节 4 from 除夕, 清明 1, 劳动节 2, 端午 1, 中秋 1, 国庆 3; 11 before),
 * computed from the lunar calendar; which other days are off and which weekends are worked comes
 * from the State Council's annual notice as the maintained `chinese-days` package carries it. A
 * year the package doesn't cover yet gets weekdays, weekends and the statutory days only, to be
 * completed day by day when the notice is out.
 */
import { sql } from 'kysely';
import chineseDays from 'chinese-days';
import type { Db } from '../db/connect';
import type { Session } from '../auth/session-types';

export const DAY_TYPE = { workday: 1, restday: 2, statutory: 3, adjustedWorkday: 4 } as const;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
};
const weekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
const lunar = (year: number, md: string) => chineseDays.getSolarDateFromLunar(`${year}-${md}`).date;

/** The statutory days of a year with their festival names. */
export function statutoryDays(year: number): Map<string, string> {
  const out = new Map<string, string>();
  const newYear = lunar(year, '01-01');
  out.set(`${year}-01-01`, '元旦');
  if (year >= 2025) out.set(addDays(newYear, -1), '春节');
  for (let i = 0; i < 3; i++) out.set(addDays(newYear, i), '春节');
  out.set(chineseDays.getSolarTermDate(year, 4, 'pure_brightness'), '清明节');
  out.set(`${year}-05-01`, '劳动节');
  if (year >= 2025) out.set(`${year}-05-02`, '劳动节');
  out.set(lunar(year, '05-05'), '端午节');
  out.set(lunar(year, '08-15'), '中秋节');
  for (const d of ['10-01', '10-02', '10-03']) out.set(`${year}-${d}`, '国庆节');
  return out;
}

/** Whether the package carries the State Council's arrangement for the year. */
export function packageCoversYear(year: number): boolean {
  return chineseDays.getHolidaysInRange(`${year}-01-01`, `${year}-12-31`, false).length > 0;
}

/** The package says 中秋, 清明, 端午 where the law says 中秋节, 清明节, 端午节. */
const festivalName = (name: string) => (/^(中秋|清明|端午)$/.test(name) ? `${name}节` : name);

export interface CalendarDay { day: string; dayType: number; holidayName: string | null }

export function calendarOf(year: number): CalendarDay[] {
  const statutory = statutoryDays(year);
  const covered = packageCoversYear(year);
  const days: CalendarDay[] = [];
  for (let day = `${year}-01-01`; day.startsWith(String(year)); day = addDays(day, 1)) {
    const legal = statutory.get(day);
    if (legal) {
      days.push({ day, dayType: DAY_TYPE.statutory, holidayName: legal });
      continue;
    }
    if (!covered) {
      days.push({ day, dayType: weekend(day) ? DAY_TYPE.restday : DAY_TYPE.workday, holidayName: null });
      continue;
    }
    const detail = chineseDays.getDayDetail(day);
    const festival = detail.name.includes(',') ? festivalName(detail.name.split(',')[1]!) : null;
    if (!detail.work) days.push({ day, dayType: DAY_TYPE.restday, holidayName: festival });
    else if (weekend(day)) days.push({ day, dayType: DAY_TYPE.adjustedWorkday, holidayName: festival ? `${festival}调休` : null });
    else days.push({ day, dayType: DAY_TYPE.workday, holidayName: null });
  }
  return days;
}

export interface GenerateResult { year: number; days: number; written: number; kept: number; statutory: number; adjusted: number; covered: boolean; message: string }

/**
 * Fills the organisation's calendar for the year. Days already there (possibly corrected by
 * hand) are kept unless `overwrite`.
 */
export async function generateYear(db: Db, session: Session, year: number, overwrite: boolean): Promise<GenerateResult> {
  const days = calendarOf(year);
  const rows = days.map((d) => ({
    corpId: session.corpId, orgId: session.orgId, day: d.day, year, dayType: d.dayType, holidayName: d.holidayName,
    createdBy: session.staffId, updatedBy: session.staffId,
  }));
  let written = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    const q = db.insertInto('holidayCalendar').values(chunk);
    const r = await (overwrite
      ? q.onConflict((oc) => oc.columns(['orgId', 'day']).doUpdateSet({
        dayType: sql`excluded.day_type`, holidayName: sql`excluded.holiday_name`, updatedAt: sql`now()`, updatedBy: session.staffId, version: sql`holiday_calendar.version + 1`,
      }))
      : q.onConflict((oc) => oc.columns(['orgId', 'day']).doNothing())).returning('calendarId').execute();
    written += r.length;
  }
  const covered = packageCoversYear(year);
  const statutory = days.filter((d) => d.dayType === DAY_TYPE.statutory).length;
  const adjusted = days.filter((d) => d.dayType === DAY_TYPE.adjustedWorkday).length;
  return {
    year, days: days.length, written, kept: days.length - written, statutory, adjusted, covered,
    message: covered
      ? `已生成${year}年日历：法定节假日${statutory}天，调休上班${adjusted}天`
      : `已生成${year}年日历：${year}年的放假安排尚未收录，仅生成周末与法定节假日${statutory}天，请按国务院办公厅通知逐日修改调休`,
  };
}
