// PMS-side spec rules a harness playing the channel manager cannot observe: takes nothing,
// gives rule id -> the one-line reason, for the traceability table (merged with the OTA
// side's src/spec/unobservable.ts). A rule here has no check; a test keeps the two apart.
export const PMS_UNOBSERVABLE: Record<string, string> = {
  'prop-rateplans-gated':
    'Whether rate plan data in CreateProperty is allowed depends on an enablement agreed outside the API (how it is signalled is not shown); the harness cannot tell an enabled PMS from one that is not.',
  'ari-cache-unchanged':
    'The time frame within which unchanged ARI must not be resent is not given, and a resend may be a legitimate correction; no observation window can tell a cache miss from a correct update.',
  'out-of-band-duties':
    'Status reports, logos, contacts, terms and conditions and keeping the shared_secret from customers happen outside the API; no request shows them.',
};
