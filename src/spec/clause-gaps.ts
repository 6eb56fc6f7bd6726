// Clauses the clause list calls observable that no check of cm-certify proves yet: takes
// nothing, gives clause id -> why not yet. The list only shrinks (test/report/clause-trace.test.ts
// pins its size and fails on an entry a check now proves); a clause leaves it when a check
// names it. Nothing here is unobservable: each could be judged on the wire.
export const KNOWN_MISSING_CLAUSES: Readonly<Record<string, string>> = {
  'cp-activation.1': 'the harness has no way to make an OTA withdraw the activation of its test property; a refusal only skips the suite',
  'cp-activation.2': 'the mock always treats CreateProperty as activated; no scenario withholds activation and watches for CreateProperty',
  'hc-always-true.3': 'the OTA suites send HealthCheck with "" and with the right credentials, never with wrong ones',
  'grp-room-zero-global.1': 'no check yet sends ARI for a room through a rate plan listed under "0" and reads whether it applies',
  'ack-4004.2': 'ack.unknown.4004 judges the error id, not that msg gives a reason',
  'cancel-request.3': 'the cancellation suite always sends a reason; no CancelBooking without one is sent',
  'cb-ari-full-refresh-ident.2': 'the mock maps one PMS property to its wbp_property_id; no scenario maps one to several',
};
