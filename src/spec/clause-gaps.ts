// Clauses the clause list calls observable that no check of cm-certify proves yet: takes
// nothing, gives clause id -> why not yet. The list only shrinks (test/report/clause-trace.test.ts
// pins its size and fails on an entry a check now proves); a clause leaves it when a check
// names it. Nothing here is unobservable: each could be judged on the wire.
export const KNOWN_MISSING_CLAUSES: Readonly<Record<string, string>> = {};
