// Generated shapes kept for the process: takes a table's name, the value a shape generator
// varies and the generator, gives the generator's answer for a value equal to it, made once.
// Sound because the generators (src/schemas/variations) are pure functions of the schema, the
// value and the options each caller fixes: made again, the answer would be equal. Runs sharing
// a process (tests, the service's worker) serve the same catalogue and bookings, and making
// their shapes again was 2-4 % of each PMS run's CPU. An answer is shared, as one run already
// shares it between the answers it serves: callers never change it.

/** Entries per table; past it the oldest goes. */
const MAX_ENTRIES = 256;

const tables = new Map<string, Map<string, unknown>>();

/**
 * The value's JSON text with a member set to undefined kept apart (JSON would drop it, and
 * `{a: undefined}` is not `{}` to a generator): every string written as "s…", undefined as "u".
 */
function keyOf(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => (typeof member === 'string' ? `s${member}` : member === undefined ? 'u' : member));
}

export function memoShapes<T>(table: string, value: unknown, make: () => T): T {
  let entries = tables.get(table);
  if (!entries) tables.set(table, (entries = new Map()));
  const key = keyOf(value);
  if (entries.has(key)) return entries.get(key) as T;
  const made = make();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, made);
  return made;
}
