// Deliberate changes to what the baseline (verdicts-830a99d.json) recorded, each with the
// issue and reason that make it. verdict-baseline.ts fails on any difference not listed
// here. A change is scoped to a target, a check id (or '(verdict)', or '*' for every check of
// the named variants), the variants it applies to ('*' for all, '(reference)' for the
// reference run) and a test of the old and new values it accepts.

export interface CheckChange {
  target: 'ota' | 'pms';
  check: string;
  variants: '*' | string[];
  /** was/now: "outcome|level[|skipKind]" (undefined when absent), or the verdict word for '(verdict)'. */
  accepts: (was: string | undefined, now: string | undefined) => boolean;
  why: string;
}

export interface AddedCheck {
  target: 'ota' | 'pms';
  check: string;
  why: string;
}

/** Only the level differs: the outcome stays, read at the new level (fail <-> warn follows the level). */
export function levelChange(from: string, to: string): CheckChange['accepts'] {
  const at = (level: string, outcome: string): string => {
    if (outcome === 'fail' || outcome === 'warn') return `${level === 'required' ? 'fail' : 'warn'}|${level}`;
    return `${outcome}|${level}`;
  };
  return (was, now) => {
    if (was === undefined || now === undefined) return false;
    const [outcome, level, ...rest] = was.split('|');
    if (level !== from) return false;
    return [at(to, outcome!), ...rest].join('|') === now;
  };
}

/** The old value, or (with `alt`) one other value that timing decides. */
function eitherOf(was: string, alt: string): CheckChange['accepts'] {
  return (before, now) => before === was && (now === was || now === alt);
}

/** A check's outcome moves between two exact values for the named variants. */
function from(was: string, now: string): CheckChange['accepts'] {
  return (w, n) => w === was && n === now;
}

/** Issue 21 item 7 (numbers and keys): what JSON.parse hides is judged on every body a candidate sends. */
const JSON_FINDINGS = 'issue 21: a repeated key (required) and a number past the safe-integer range (recommended) are judged on every body a candidate sends';

const ISSUE_20_LEVEL = 'issue 20 item 1: the level comes from rules.md on the candidate side';

const OTA_CHANGES: CheckChange[] = [
  // OTA target: checks set below the level rules.md gives their rule.
  {
    target: 'ota',
    check: 'setup.callbacks.not-served',
    variants: '*',
    accepts: levelChange('recommended', 'required'),
    why: `${ISSUE_20_LEVEL}: ota-no-callbacks (OTA) is required (D-129)`,
  },
  {
    target: 'ota',
    check: 'booking.list.unique',
    variants: '*',
    accepts: levelChange('recommended', 'required'),
    why: `${ISSUE_20_LEVEL}: gbl-booking-id-max64 (OTA, "unique OTA booking id") is required`,
  },
  {
    target: 'ota',
    check: 'rule.reservation.minimum-fields',
    variants: '*',
    accepts: levelChange('recommended', 'required'),
    why: `${ISSUE_20_LEVEL}: res-minimum-fields (OTA) is required (D-035)`,
  },
  {
    target: 'ota',
    check: 'rule.reservation.day-rates',
    variants: '*',
    accepts: levelChange('recommended', 'required'),
    why: `${ISSUE_20_LEVEL}: res-day-rates-units (OTA) is required (D-035)`,
  },
  {
    target: 'ota',
    check: 'rule.health-check.success-true',
    variants: '*',
    accepts: levelChange('recommended', 'required'),
    why: `${ISSUE_20_LEVEL}: hc-always-true (OTA) is required, as setup.healthcheck already was`,
  },
  {
    target: 'ota',
    check: 'ari.unknown-room.refused',
    variants: '*',
    accepts: levelChange('advisory', 'recommended'),
    why: `${ISSUE_20_LEVEL}: refusing ARI for an unknown room is the OTA's leniency on a rule stated for the PMS (inv-ids-known), a warning like the inventory probes (D-102 replaces D-017)`,
  },
  // OTA target: a check split (issue 20 item 1) and the other-type probe fixed (item 7).
  {
    target: 'ota',
    check: 'probe.malformed.refused',
    variants: ['accepts-text-plain'],
    accepts: from('fail|required', 'pass|required'),
    why: 'issue 20 item 1: text/plain is judged apart, by probe.text-plain.refused (recommended: http-request-json binds the PMS); accepting it is a warning, not a failure (D-113)',
  },
  {
    target: 'ota',
    check: 'probe.envelope.refused',
    variants: ['property-id-not-integer'],
    accepts: from('warn|recommended', 'pass|recommended'),
    why: 'issue 20 item 7: with a property id that is not digits, the other-type probe sent the valid request itself ("H1001" where the valid request sends "H1001"), which a correct OTA accepts; it now sends an integer, which is refused',
  },
  {
    target: 'ota',
    check: 'booking.list.success',
    variants: ['reservation-missing-order-time'],
    accepts: from('skip|required|blocked', 'pass|required'),
    why: "issue 20 item 6: GetBookingList answered with success wherever it was sent; the one step that could not be sent (its version needs the reservation's OrderTime, which this variant leaves out) keeps its own check blocked (booking.list-version.offset-5min), not this shared one",
  },
  {
    target: 'ota',
    check: '(verdict)',
    variants: ['accepts-text-plain'],
    accepts: from('not-certified', 'certified'),
    why: 'issue 20: an OTA that accepts a valid JSON body labelled text/plain is correct (the content type binds the PMS); it is now a correct variant, certified with a warning',
  },
  {
    target: 'ota',
    check: '(verdict)',
    variants: ['callbacks-served', 'reservation-day-rates-mismatch'],
    accepts: from('certified', 'not-certified'),
    why: `${ISSUE_20_LEVEL}: setup.callbacks.not-served and rule.reservation.day-rates are required, so these variants are denied`,
  },
];

/** Blocked at once by a gate that came up empty (issue 20 item 5), or never run at all. */
function blockedByGate(was: string | undefined, now: string | undefined): boolean {
  return was !== now && (now === undefined || /^skip\|[a-z]+\|blocked$/.test(now));
}

const PMS_CHANGES: CheckChange[] = [
  ...[
    'rule.property.timezone',
    'rule.property.address-country',
    'rule.property.coordinates',
    'rule.property.room-wbp-room-id',
    'rule.property.tax-fee-reference',
  ].map((check) => ({
    target: 'pms' as const,
    check,
    variants: '*' as const,
    accepts: levelChange('recommended', 'required'),
    why: `${ISSUE_20_LEVEL}: prop-codes, prop-address-contact, room-required-fields and tax-percent-basis (PMS) are required (D-036)`,
  })),
  {
    target: 'pms',
    check: 'pms.poll.version-not-far-earlier',
    variants: '*',
    accepts: levelChange('recommended', 'required'),
    why: `${ISSUE_20_LEVEL}: gbl-version-last-success (PMS) is required (D-287)`,
  },
  {
    target: 'pms',
    check: 'pms.setup.mapping-fetched',
    variants: '*',
    accepts: levelChange('required', 'recommended'),
    why: `${ISSUE_20_LEVEL}: flow-setup-before-use (PMS) is recommended; what a missing mapping breaks is judged at required where it shows (D-288)`,
  },
  {
    target: 'pms',
    check: '*',
    variants: [
      'setup-wrong-password',
      'setup-pms-id-integer',
      'secret-only-in-query',
      'secret-only-in-body',
      'pms-cid-uppercase',
      'verb-mismatch',
      'skip-rate-plans',
      'wrong-currency',
    ],
    accepts: blockedByGate,
    why: 'issue 20 item 5: no SetupProperty accepted (the first five) or no ARI accepted after setup (the last three): every later step is blocked at once, naming what was refused, instead of each waiting out its deadline',
  },
];

/** Issue 20 items 2 and 4: valid shapes served, the channel manager's error paths, booking deadlines from the PMS's own schedule. */
const SHAPE_CHANGES: CheckChange[] = [
  {
    target: 'pms',
    check: 'pms.booking.availability-updated',
    variants: ['slow-polling'],
    accepts: eitherOf('pass|required', 'fail|required'),
    why: "Issue 20 item 4: a booking is now due by the PMS's last poll before it plus the interval and the tolerance; a PMS polling every two intervals misses it, and whether its late fetch's availability update still falls in the window that follows depends on how busy the machine is",
  },
  {
    target: 'pms',
    check: 'pms.booking.fetched',
    variants: ['slow-polling'],
    accepts: eitherOf('fail|required', 'pass|required'),
    why: "Issue 20 item 4: a booking's deadline (the PMS's last poll before it plus the interval and the tolerance) is widened by the time the harness stood still since the booking arrived, as the wait for it was; on a machine busy enough, a PMS polling every two intervals meets it, and is denied by pms.poll.interval either way",
  },
  {
    target: 'pms',
    check: 'pms.callback.notify-cancel-polls',
    variants: ['slow-polling'],
    accepts: eitherOf('pass|required', 'skip|required|blocked'),
    why: "Issue 20 item 4: for a PMS polling every two intervals, whether the poll after the cancellation's NotifyBooking can be told from its schedule depends on how busy the machine is; when it cannot, the check is inconclusive (never a pass); the variant is denied by pms.poll.interval either way",
  },
  {
    target: 'pms',
    check: 'pms.booking.acked',
    variants: ['slow-polling'],
    accepts: eitherOf('pass|recommended', 'warn|recommended'),
    why: 'Issue 20 item 4: as pms.booking.availability-updated for slow-polling: the acknowledgement of a booking fetched after its deadline may come after the window',
  },
];

/** Issue 20 item 2: UpdateRoom's Room variations, each a new room read back (suite property 1.3.0). */
const ROOM_VARIATION_CHANGES: CheckChange[] = [
  {
    target: 'ota',
    check: 'property.update-room.rooms-listed',
    variants: ['create-property-dorm-unlisted'],
    accepts: from('pass|required', 'fail|required'),
    why: 'Issue 20 item 2: the Room variations are sent on a dormitory (every gender goes with one); a GetRoomTypes that leaves out dormitories does not list the dormitories UpdateRoom creates either',
  },
  {
    target: 'ota',
    check: 'property.update-room.rate-plans-listed',
    variants: ['update-room-new-unlisted'],
    accepts: from('pass|required', 'fail|required'),
    why: 'Issue 20 item 2: the rate plans of each varied room carry that room\'s id in their labels, so a room GetRoomTypes never lists cannot borrow the titles of another room\'s plans (the hand-written new room 104 shares "Flexible rate" with room 101); its plans are missing',
  },
];

const MODEL_CHECK_IDS = {
  arrivals: 'pms.booking.availability-updated',
  pushed: 'pms.callback.booking-create-availability',
  modification: 'pms.booking.modification-availability',
  cancellation: 'pms.booking.cancellation-availability',
} as const;

/** One outcome move of model checks for the named variants (measured: every PMS fault run once on seed 2026). */
function modelChange(checks: ReadonlyArray<keyof typeof MODEL_CHECK_IDS>, variants: string[], accepts: CheckChange['accepts'], why: string): CheckChange[] {
  return checks.map((c) => ({ target: 'pms' as const, check: MODEL_CHECK_IDS[c], variants, accepts, why: `Issue 26 item 1 (availability-model): ${why}` }));
}

/**
 * Issue 26 item 1: the four booking windows judge availability with one model check
 * (availability-model: the PMS's inventory less the units every booking holds, on every room
 * and night a change touched, the scenario's, the seeded and the first list's bookings), no
 * more the lowered-only, added-night and cancellation checks of the harness's own booking.
 * Each entry names the variants whose outcome moved and why; the fault's own check is
 * asserted to catch it either way (test/e2e/pms-reference.test.ts). The reference run is not
 * listed: it must not change. Variants the baseline does not know are not compared.
 */
const MODEL_CHECKS: CheckChange[] = [
  // Their requests are refused or they never finish setup: no booking reaches them, so a window is blocked, not failed by silence.
  ...modelChange(
    ['arrivals', 'pushed', 'modification', 'cancellation'],
    ['secret-only-in-body', 'secret-only-in-query', 'pms-cid-uppercase', 'setup-wrong-password', 'setup-pms-id-integer', 'verb-mismatch', 'skip-rate-plans'],
    from('fail|required', 'skip|required|blocked'),
    'the PMS never gets past setup or has its requests refused: the harness changes no booking for it, so the model check is blocked (no baseline), not failed by silence; its own check fails it',
  ),
  ...modelChange(
    ['arrivals', 'pushed', 'modification', 'cancellation'],
    ['wrong-currency'],
    from('pass|required', 'skip|required|blocked'),
    'its ARI in another currency stops the run before the harness changes a booking: the model check is blocked (no baseline); its currency check fails it',
  ),
  // They fetch late, seldom or never: a window judges only the changes the PMS received (a fetch settled before it ended).
  ...modelChange(
    ['arrivals'],
    ['version-local-time', 'version-iso-format', 'no-booking-fetch', 'no-fallback-polling'],
    eitherOf('fail|required', 'pass|required'),
    'a window judges only the bookings the PMS fetched; what it fetched it counts right (the old lowered-only check failed the one it never fetched); its polling check fails it',
  ),
  ...modelChange(
    ['pushed'],
    ['slow-polling', 'version-local-time', 'version-iso-format', 'no-booking-fetch', 'no-fallback-polling'],
    eitherOf('pass|required', 'skip|required|not-applicable'),
    'the pushed booking changed again before this PMS fetched it (late or never): the push window has nothing settled to judge, the last window judges it',
  ),
  ...modelChange(
    ['modification'],
    ['version-local-time', 'version-iso-format', 'no-booking-fetch'],
    eitherOf('fail|required', 'skip|required|not-applicable'),
    'the PMS never fetched the modification in its window: nothing settled to judge there (the old check failed the unchanged night)',
  ),
  ...modelChange(
    ['cancellation'],
    ['no-fallback-polling'],
    eitherOf('fail|required', 'pass|required'),
    'the last window judges what the model gives for every change; this PMS (polling stopped, NotifyBooking still answered by a poll) ends with the right units',
  ),
  // The model judges every night a change touched with the units booked now: faults the old per-booking arithmetic missed.
  ...modelChange(
    ['pushed'],
    ['units-differ-per-plan', 'double-import'],
    from('pass|required', 'fail|required'),
    'one plan told other units, or a pushed booking booked twice: every plan of every touched night must equal the model',
  ),
  ...modelChange(
    ['modification', 'cancellation'],
    ['double-import'],
    from('pass|required', 'fail|required'),
    'the pushed booking booked twice shows on its nights in every later window',
  ),
  ...modelChange(
    ['modification'],
    ['no-availability-on-cancel'],
    from('pass|required', 'fail|required'),
    'the cancellation came while the modification window was open: the nights it freed stay lowered, against the units booked now',
  ),
  ...modelChange(
    ['cancellation'],
    ['no-availability-on-modify'],
    from('pass|required', 'fail|required'),
    'the last window judges every change since the baseline, the modifications this PMS never sent ARI for too',
  ),
];

/**
 * Issue 26 item 1: two broken variants that only warnings caught are now denied by the model
 * check, which judges the ARI they send on every plan of every booked room and night:
 * double-import lowers a re-fetched booking's nights twice (the model holds it once), and
 * units-differ-per-plan sends one plan units the model does not give.
 */
const MODEL_VERDICTS: CheckChange[] = [
  {
    target: 'pms',
    check: '(verdict)',
    variants: ['double-import', 'units-differ-per-plan'],
    accepts: (was, now) => was === 'certified' && now === 'not-certified',
    why: 'Issue 26 item 1: the model check judges every plan of every room and night a booking holds; these faults send ARI the model does not give',
  },
];

export const CHANGED_CHECKS: CheckChange[] = [...OTA_CHANGES, ...PMS_CHANGES, ...SHAPE_CHANGES, ...ROOM_VARIATION_CHANGES, ...MODEL_CHECKS, ...MODEL_VERDICTS];

export const ADDED_CHECKS: AddedCheck[] = [
  {
    target: 'pms',
    check: 'pms.property.create-only-activated',
    why: 'Issue 26 (clause gap cp-activation.2, D-402): CreateProperty in the profile says the channel manager activated it; without it the mock refuses CreateProperty (1006) and any CreateProperty of the run fails (fault create-property-not-activated, run with CreateProperty left out of the profile); with it, not applicable',
  },
  {
    target: 'ota',
    check: 'property.create.not-activated-refused',
    why: 'Issue 26 (clause gap cp-activation.1, D-401): the optional hooks.create_property_activation withdraws the activation for one CreateProperty, which must get success false, and gives it back (fault create-property-ignores-activation); without the hook, not applicable',
  },
  {
    target: 'pms',
    check: 'pms.callback.ari-full-refresh-every-property',
    why: 'Issue 26 (clause gap cb-ari-full-refresh-ident.2, D-400): the optional profile field property.other_pms_property_ids names further PMS properties the channel manager maps to the same wbp_property_id; ARIFullRefresh naming only wbp_property_id must make each re-send its ARI in its own pms_property_id (fault refresh-first-property-only); without the field, not applicable',
  },
  {
    target: 'pms',
    check: 'pms.booking.cancel-id-verbatim',
    why: 'Issue 26 (clause gap booking-id-verbatim.3): the optional hooks.cancel_booking makes the PMS cancel a booking it imported; its CancelBooking carries the listed booking_id as the same string (fault cancel-id-zeros-dropped); without the hook or the CancelBooking capability, not applicable',
  },
  {
    target: 'pms',
    check: 'pms.envelope.cid-length',
    why: "Issue 26 (clause gap env-pms-cid-format.2): every PMS request's pms_cid is two to four characters (recommended, D-390); the reference PMS profile's cid is now cmc, so the reference run passes it and no variant's verdict changes",
  },
  {
    target: 'pms',
    check: 'pms.setup.first-contact',
    why: "Issue 28 item 16: a PMS that never reaches the mock fails this check (INCOMPLETE, exit 3), not pms.setup.credentials; declared on the setup step, so it shares that step's outcome (recommended: flow-setup-before-use)",
  },
  {
    target: 'pms',
    check: 'pms.booking.ack-id-verbatim',
    why: 'Issue 26 item 5: every AckBooking carries a booking_id the channel manager listed or pushed, as the same string (booking-id-verbatim.2; fault ack-id-zeros-dropped)',
  },
  {
    target: 'ota',
    check: 'setup.room-types.room-info-accepted',
    why: "Issue 20 item 2: GetRoomTypes' optional RoomInfo is sent too, every valid variation (recommended: roominfo-absent-default)",
  },
  {
    target: 'ota',
    check: 'property.update-room.by-ota-id.in-place',
    why: "Issue 20 items 2 and 3: the Room's optional wbp_room_id (UpdateRoom only) is sent too, and read back: the room named stays listed, no room added (recommended; D-326)",
  },
  {
    target: 'pms',
    check: 'pms.ari.refresh-after-error',
    why: 'Issue 20 item 4: the mock answers the first ARIUpdate of the refresh asked for by wbp_property_id with an error; the rest of the refresh must still come (cb-ari-full-refresh, required; D-324)',
  },
  {
    target: 'pms',
    check: 'pms.booking.fetch-retried',
    why: 'Issue 20 item 4: the mock answers the first GetBookingId of one booking with an error; a failed fetch imports nothing, so the booking must be fetched again (booking-poll-then-fetch, required)',
  },
  {
    target: 'ota',
    check: 'property.update-room.allowed-value.accepted',
    why: 'Issue 20 item 2: UpdateRoom carrying every valid variation of the Room generated from its schema, each a new room read back (updateroom-request, room-required-fields: required)',
  },
  {
    target: 'ota',
    check: 'setup.setup-property.room-info-accepted',
    why: 'Issue 20 item 2: SetupProperty carrying every valid RoomInfo variation generated from the schema (recommended: roominfo-absent-default)',
  },
  { target: 'ota', check: 'protocol.json-unique-keys', why: JSON_FINDINGS },
  { target: 'ota', check: 'protocol.json-safe-integers', why: JSON_FINDINGS },
  { target: 'pms', check: 'protocol.json-unique-keys', why: JSON_FINDINGS },
  { target: 'pms', check: 'protocol.json-safe-integers', why: JSON_FINDINGS },
  { target: 'pms', check: 'protocol.request-unique-keys', why: JSON_FINDINGS },
  { target: 'pms', check: 'protocol.request-safe-integers', why: JSON_FINDINGS },
  {
    target: 'ota',
    check: 'limits.candidate-data',
    why: 'issue 21 item 3: every for_each step and every room x rate plan list is bounded by a profile limit with a default; a warning says what a limit left out',
  },
  {
    target: 'ota',
    check: 'probe.text-plain.refused',
    why: 'issue 20 item 1: probe.malformed.refused split; a valid JSON body labelled text/plain accepted is lenient (D-113)',
  },
  {
    target: 'ota',
    check: 'property.rate-plans.cover-rooms',
    why: 'issue 20 item 3: every property the run creates or changes is read back and each of its rooms must have a rate plan (model-room-has-rateplan)',
  },
  {
    target: 'ota',
    check: 'probe.property.rate-plans-cover-rooms',
    why: "issue 20 item 3: the probes' own created property is read back and each of its rooms must have a rate plan",
  },
  { target: 'ota', check: 'property.rooms.kept', why: 'issue 20 item 3: GetRoomTypes is read after UpdateRatePlan and DeleteRatePlan too; no room may vanish' },
  { target: 'ota', check: 'cancel.list-null.still-listed', why: 'issue 20 item 3: after a cancellation GetBookingList is read with null too' },
  { target: 'ota', check: 'ack.list-version.still-listed', why: 'issue 20 item 3: after an acknowledgement GetBookingList is read with a version too' },
  {
    target: 'pms',
    check: 'rule.property.phone-fax-international',
    why: 'issue 26 item 3: prop-address-contact.10 and .11 (phone and fax with the international country code) had no check; a body rule on CreateProperty (required; D-351)',
  },
  {
    target: 'pms',
    check: 'rule.property.image-url-public',
    why: 'issue 26 item 3: img-fields.1 (an image url is publicly accessible) had no check; a body rule on CreateProperty and UpdateRoom (required; D-352)',
  },
  {
    target: 'pms',
    check: 'pms.ari.rdef-single-rooms',
    why: 'issue 26 item 3: inv-rdef-single.2 and .3 (rdef_single only for private rooms above one person) had no check; judged on the full refresh against the rooms GetRoomTypes described (required; D-353)',
  },
  {
    target: 'pms',
    check: 'rule.health-check.envelope-only',
    why: 'issue 26 item 3: env-healthcheck-ids.1 (HealthCheck carries only the envelope) had no check; a body rule on every HealthCheck request (required; D-374)',
  },
  {
    target: 'pms',
    check: 'rule.rate-plans.others-above-zero',
    why: "issue 26 item 3: rp-default-zero.2 (a room's rate plans other than the default have pms_rate_id > 0) had no check; a body rule on CreateProperty and UpdateRoom (required)",
  },
  {
    target: 'pms',
    check: 'pms.setup.no-room-info',
    why: 'issue 26 item 3: roominfo-absent-default.1 and .2 (no RoomInfo in SetupProperty or GetRoomTypes without a deep integration) had no check; judged on every such request of the setup (recommended; D-371)',
  },
  {
    target: 'pms',
    check: 'pms.ari.range-days',
    why: 'issue 26 item 3: ari-split-large.3 (no date range beyond the agreed days) had no check; judged on the refresh by wbp_property_id against the profile ari.max_days_per_range, not applicable without it (recommended; D-372)',
  },
  {
    target: 'ota',
    check: 'booking.list-null.fetched-still-listed',
    why: 'issue 26 item 4: a fetched booking must stay in the null list whether or not the OTA offers AckBooking (gbl-null-returns-all, required)',
  },
  {
    target: 'ota',
    check: 'setup.callbacks.path-verb-mismatch',
    why: "issue 26 item 4: the callbacks probes now send the verb their path names; a HealthCheck body on a callback's path is asked apart (env-verb-equals-op, recommended)",
  },
  ...[
    'model.list-null.all',
    'model.list-version.boundary',
    'model.booking.flags',
    'model.booking.answer',
    'model.property.answer',
    'model.property.rooms',
    'model.property.rate-plans',
  ].map((check): AddedCheck => ({
    target: 'ota',
    check,
    why: 'issue 26 items 1 and 4: seeded model-based sequences of operations (suites/ota/55-model.yaml) compare every read-back with the channel-manager core; a variant that breaks a booking list, a flag or a property effect fails them too, the reference and correct variants pass',
  })),
  {
    target: 'ota',
    check: 'setup.healthcheck.wrong-credentials',
    why: 'issue 26 item 3: clause hc-always-true.3 (HealthCheck with wrong property credentials still answers success true) had no check',
  },
  {
    target: 'ota',
    check: 'ack.unknown.4004-reason',
    why: 'issue 26 item 3: clause ack-4004.2 (the 4004 answer gives the reason in msg) had no check',
  },
  {
    target: 'ota',
    check: 'cancel.no-reason.success',
    why: 'issue 26 item 3: clause cancel-request.3 (a CancelBooking without reason is not refused for lacking it) had no check',
  },
];
