/**
 * Korean time (KST), the one home of its offset: the team mail, the receipt, the CLI, the form post's day and the
 * daily spam report all count in it.
 */

/** Korea keeps UTC+9 all year (no daylight saving time). */
export const KST_OFFSET_MS = 9 * 3_600_000;

/** The calendar day in Korea at `instant`, as YYYY-MM-DD. */
export function kstDay(instant: Date): string {
  return new Date(instant.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant midnight begins the Korean day `day` (YYYY-MM-DD). */
export function kstDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - KST_OFFSET_MS);
}

/** The instant (UTC) at which it is `hour`:00 in Korea on the Korean day of `instant`. */
export function kstHourOfDay(instant: Date, hour: number): number {
  const kst = new Date(instant.getTime() + KST_OFFSET_MS);
  return Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate(), hour) - KST_OFFSET_MS;
}

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;

/**
 * Formats an instant as Korean time (KST), e.g. "2026년 11월 23일 (월) 오후 3:05". Built by hand rather than with
 * Intl, because Node builds with reduced ICU data print "AM"/"PM" for ko-KR and the team mail must read the same
 * everywhere.
 */
/** A Korean calendar day (YYYY-MM-DD) as the pages write it: "2026년 12월 12일 (토)". */
export function formatKstDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return `${year}년 ${month}월 ${date}일 (${WEEKDAYS[weekday]})`;
}

export function formatKst(iso: string | Date): string {
  const kst = new Date((typeof iso === 'string' ? Date.parse(iso) : iso.getTime()) + KST_OFFSET_MS);
  const hours = kst.getUTCHours();
  const minutes = String(kst.getUTCMinutes()).padStart(2, '0');
  const period = hours < 12 ? '오전' : '오후';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${kst.getUTCFullYear()}년 ${kst.getUTCMonth() + 1}월 ${kst.getUTCDate()}일 (${WEEKDAYS[kst.getUTCDay()]}) ${period} ${hour12}:${minutes}`;
}
