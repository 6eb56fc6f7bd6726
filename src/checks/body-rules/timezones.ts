// Time zone names: takes a string, tells whether it names an IANA time zone. The spec only
// says valid values "come from an external timezone list"; we read that list as the IANA
// tz database as the runtime's ICU knows it.

let canonical: ReadonlySet<string> | undefined;

/** Names the runtime lists, plus UTC, which Intl.supportedValuesOf leaves out: the time zone list the harness reads. */
export function canonicalZones(): ReadonlySet<string> {
  canonical ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return canonical;
}

/** Area/Location segments, each starting with a capital, as the tz database spells them. */
const IANA_SHAPE = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z0-9][A-Za-z0-9_+-]*)*$/;

function runtimeAccepts(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * True for a listed zone, or for an IANA alias the runtime resolves (Intl lists ICU's
 * canonical names, so "Asia/Kolkata" is missing where "Asia/Calcutta" is listed). Offsets
 * such as "+01:00" and wrongly cased names such as "asia/thimphu" are rejected.
 */
export function isIanaTimeZone(zone: string): boolean {
  if (canonicalZones().has(zone)) return true;
  return IANA_SHAPE.test(zone) && runtimeAccepts(zone);
}
