// Clauses the clause list calls observable that no check of cm-certify proves yet: takes
// nothing, gives clause id -> why not yet. The list only shrinks (test/report/clause-trace.test.ts
// pins its size and fails on an entry a check now proves); a clause leaves it when a check
// names it. Nothing here is unobservable: each could be judged on the wire.
export const KNOWN_MISSING_CLAUSES: Readonly<Record<string, string>> = {
  'cp-activation.1':
    'no profile hook lets the harness put the OTA in the not-activated state (the suite can only call CreateProperty once activated); an OTA that refuses with error_ids.not_activated only skips the property suite',
  'cp-activation.2': 'the mock always treats CreateProperty as activated; no scenario withholds activation and watches for CreateProperty',
};
