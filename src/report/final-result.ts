// The result every reporter of a run is given: finishReports' redacted copy, which no reporter
// changes. Takes that copy (marked once), gives what is derived from it kept for the next
// reporter: the JSON and the HTML report each need the certificate's evidence digest and
// index, megabytes of canonical JSON hashed twice, computed once instead of once each.

/** Results marked final, and what was derived from each, by name. */
const FINAL = new WeakMap<object, Map<string, unknown>>();

/** Marks `result` as final: the caller and every reader must not change it afterwards. */
export function finalResult<T extends object>(result: T): T {
  if (!FINAL.has(result)) FINAL.set(result, new Map());
  return result;
}

/** `make()`'s value for `result`, made once when `result` is final (kept by `name`), else made each call. */
export function keptForFinal<T>(result: object, name: string, make: () => T): T {
  const kept = FINAL.get(result);
  if (!kept) return make();
  if (kept.has(name)) return kept.get(name) as T;
  const value = make();
  kept.set(name, value);
  return value;
}
