// Time formats of the spec: takes epoch milliseconds or strings, gives the spec's
// `YYYY-MM-DD HH:MM:SS` booking version, ISO dates and day arithmetic, all in UTC.

const DAY_MS = 86_400_000;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `YYYY-MM-DD` (UTC) of an epoch-ms instant. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The second whose ISO text isoTime() keeps, and that text up to its milliseconds (`YYYY-MM-DDTHH:MM:SS.`). */
let isoSecond = Number.NaN;
let isoPrefix = '';
/** Year 10000: from there on toISOString writes a six-digit year. */
const ISO_FOUR_DIGIT_END = 253_402_300_800_000;

/**
 * `new Date(ms).toISOString()`, the same text: every exchange's record is stamped with one,
 * and the exchanges of a second share all but its milliseconds, so the text up to them is
 * made once a second, not by Date's formatter once an exchange.
 */
export function isoTime(ms: number): string {
  const t = Math.trunc(ms);
  if (!(t >= 0 && t < ISO_FOUR_DIGIT_END)) return new Date(ms).toISOString();
  const second = Math.floor(t / 1000);
  const milli = t - second * 1000;
  if (second !== isoSecond) {
    const text = new Date(t).toISOString();
    isoSecond = second;
    isoPrefix = text.slice(0, 20);
    return text;
  }
  return `${isoPrefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
}

/** `HH:MM:SS` (UTC) of an epoch-ms instant. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** The spec's wbp_booking_version format: `YYYY-MM-DD HH:MM:SS`, UTC, truncated to the second. */
export function formatBookingVersion(ms: number): string {
  return `${formatDate(ms)} ${formatTime(ms)}`;
}

const VERSION_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Epoch ms of a `YYYY-MM-DD HH:MM:SS` UTC string, or undefined when it is not one. */
export function parseBookingVersion(text: string): number | undefined {
  const m = VERSION_RE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Reject dates JavaScript silently rolls over (2026-02-30, 24:00:00).
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h) return undefined;
  return ms;
}

/** The number written by `length` ASCII digits of `text` at `at`, or -1 when one is not a digit. */
function digitsAt(text: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Valid dates already read: ARI names the same few hundred dates in item after item. */
const READ_DATES = new Map<string, number>();
const READ_DATES_MAX = 4_096;

/**
 * Epoch ms (UTC midnight) of a `YYYY-MM-DD` string, or undefined when it is not a real date.
 * Read digit by digit: ARI ingestion parses several dates per Inventory item. Years below
 * 100 are refused, as Date.UTC would read them as 19xx.
 */
export function parseDate(text: string): number | undefined {
  const known = READ_DATES.get(text);
  if (known !== undefined) return known;
  const ms = readDate(text);
  if (ms === undefined) return undefined;
  if (READ_DATES.size >= READ_DATES_MAX) READ_DATES.clear();
  READ_DATES.set(text, ms);
  return ms;
}

function readDate(text: string): number | undefined {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  const y = digitsAt(text, 0, 4);
  const mo = digitsAt(text, 5, 2);
  const d = digitsAt(text, 8, 2);
  if (y < 100 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  return Date.UTC(y, mo - 1, d);
}

/** UTC midnight of the day that contains `ms`. */
export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function addDays(date: string, days: number): string {
  const ms = parseDate(date);
  if (ms === undefined) throw new RangeError(`not a date: ${date}`);
  return formatDate(ms + days * DAY_MS);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  if (a === undefined || b === undefined) throw new RangeError(`not a date: ${a === undefined ? from : to}`);
  return Math.round((b - a) / DAY_MS);
}

/** `YYYY-12-31` of the year after the one containing `ms` (the spec's usual full-refresh horizon). */
export function endOfNextYear(ms: number): string {
  return `${new Date(ms).getUTCFullYear() + 1}-12-31`;
}

/** A date's day number (days since the epoch); undefined for a string that is no date. */
export function dayNumber(date: string): number | undefined {
  const ms = parseDate(date);
  return ms === undefined ? undefined : Math.round(ms / DAY_MS);
}

/** The date of a day number, YYYY-MM-DD. */
export function dayString(day: number): string {
  return formatDate(day * DAY_MS);
}

export { DAY_MS };
