// Freezing a value that is shared from now on: takes a plain tree (objects and arrays), gives
// it back frozen through, each object frozen before its members, so a cycle ends too. For the
// per-process memories that hand one value to every later run (built-in suites, profiles).

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
