// The spec rules no harness can observe: takes nothing, gives rule id -> one line saying why
// a test harness, which only sees what crosses the wire, cannot tell whether the rule holds.
// `list --rules` and docs/traceability.md show the reason where a rule has no check; a test
// keeps every OTA-side and both-sides rule either checked or listed here, never both.

import { PMS_UNOBSERVABLE } from './unobservable-pms.js';

export const UNOBSERVABLE_RULES: Readonly<Record<string, string>> = {
  'err-fault-ota-prefix':
    'Informational and contradicted by the spec itself: every error example uses integer ids, which the schema checks require; no FAULT.OTA. string can be both.',
  'res-sell-rates': 'Whether a price includes taxes and fees is a commercial fact of the booking; the reservation carries no field that separates them.',
  'cancel-disabled-default':
    'Whether the channel manager enabled CancelBooking for a channel is configuration outside the API; the profile declares the capability instead.',
  'cancel-4003':
    'The "other reasons" a booking cannot be cancelled are the OTA\'s own policy; no request the spec defines can create such a booking on demand.',
  'inv-los-enforcement': 'Informational: how min_los/max_los are enforced shows only when a guest books on the OTA, which the API does not expose.',
  // PMS-side rules (src/spec/unobservable-pms.ts).
  ...PMS_UNOBSERVABLE,
};
