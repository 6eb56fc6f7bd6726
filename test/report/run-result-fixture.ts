// A realistic RunResult for the reporter tests: takes options (extra exchanges, planted
// secrets), gives an OTA run with a schema failure, a warning, skips, a harness error,
// polls, callbacks, a hostile response body and coverage artifacts with gaps.
import { decideVerdict } from '../../src/spec/run-verdict.js';
import type { CheckResult, Level, Outcome, SkipKind } from '../../src/spec/vocabulary.js';
import type { CoverageArtifact, RunResult, SuiteResult } from '../../src/spec/run-result.js';
import type { Exchange } from '../../src/spec/exchange.js';
import { profileDigest } from '../../src/profile/digest.js';
import type { Profile } from '../../src/profile/types.js';

export const STARTED_AT = '2026-11-21T10:00:00.000Z';
export const BASE_URL = 'https://127.0.0.1:54321/api';
export const HOSTILE = '<script>alert(1)</script>';
export const SCHEMA_POINTER = '/Rooms/0/wbp_room_id';
export const SCHEMA_SPEC = 'Resources and their fields › Room (response item of GetRoomTypes)';
/** Secrets planted by `plantSecrets`: plain, with URL/HTML/XML-special characters, and JSON-special. */
export const SECRETS = ['sk-live-9f8e7d6c5b4a3921', 'Harbour-Pa55word!', 'p&ss<w>rd"x', 'tok\\en"quoted'];

export interface FixtureOptions {
  /** Extra ARIUpdate exchanges, for size and speed tests. */
  extraExchanges?: number;
  /** Put the SECRETS into URLs, headers, bodies and messages, as a leaking harness would. */
  plantSecrets?: boolean;
  notes?: string[];
  coverage?: CoverageArtifact[] | null;
}

export function fixtureProfile(secret = SECRETS[0]!, password = SECRETS[1]!): Pick<Profile, 'raw' | 'secrets'> {
  return {
    secrets: [secret, password],
    raw: {
      target: 'ota',
      name: 'Harbour Lights OTA (staging)',
      base_url: BASE_URL,
      shared_secret: secret,
      pms_cid: 'hl01',
      currency: 'EUR',
      capabilities: ['CancelBooking'],
      property: { pms_property_id: 4711, wbp_property_id: 'harbour-lights', wbp_property_password: password },
      hooks: { create_booking: { http: { url: `https://127.0.0.1:54322/hooks/booking?token=${secret}`, headers: { Authorization: `Bearer ${secret}` } } } },
    },
  };
}

function at(ms: number): string {
  return new Date(Date.parse(STARTED_AT) + ms).toISOString();
}

interface ExchangeSpec {
  direction?: Exchange['direction'];
  status?: number;
  request?: unknown;
  response?: string;
  failure?: Exchange['failure'];
  durationMs?: number;
}

function exchange(n: number, operation: string, atMs: number, spec: ExchangeSpec = {}, secret?: string): Exchange {
  const query = secret ? `?shared_secret=${encodeURIComponent(secret)}` : '?shared_secret=[redacted]';
  const requestBody = JSON.stringify(spec.request ?? { verb: operation, pms_cid: 'hl01', shared_secret: secret ?? '[redacted]' });
  const x: Exchange = {
    id: `x-${String(n).padStart(4, '0')}`,
    direction: spec.direction ?? 'outbound',
    operation,
    startedAt: at(atMs),
    durationMs: spec.durationMs ?? 42,
    request: {
      method: 'POST',
      url: spec.direction === 'inbound' ? `http://127.0.0.1:54400/${operation}` : `${BASE_URL}/${operation}${query}`,
      headers: { 'content-type': 'application/json', ...(secret ? { authorization: `Bearer ${secret}`, 'x-debug': secret } : {}) },
      body: requestBody,
      bytes: requestBody.length,
      truncated: false,
    },
  };
  if (spec.failure) x.failure = spec.failure;
  else {
    const body = spec.response ?? '{"success":true}';
    x.response = { status: spec.status ?? 200, headers: { 'content-type': 'application/json' }, body, bytes: body.length, truncated: false };
  }
  return x;
}

interface CheckSpec {
  id: string;
  title: string;
  level?: Level;
  outcome: Outcome;
  spec: string;
  message?: string;
  exchanges?: string[];
  extra?: Partial<CheckResult>;
  skipKind?: SkipKind;
}

function check(s: CheckSpec, file: string, line: number, step: string): CheckResult {
  const runs = Math.max(1, s.exchanges?.length ?? 1);
  return {
    id: s.id,
    title: s.title,
    level: s.level ?? 'required',
    spec: s.spec,
    outcome: s.outcome,
    message: s.message ?? (s.outcome === 'pass' ? 'as expected' : s.title),
    ...(s.skipKind ? { skipKind: s.skipKind } : {}),
    where: { file, line, step },
    evidence: { exchanges: s.exchanges ?? [], schemaErrors: [] },
    counts: {
      runs,
      passed: s.outcome === 'pass' ? runs : 0,
      failed: s.outcome === 'fail' || s.outcome === 'warn' ? 1 : 0,
      skipped: s.outcome === 'skip' ? runs : 0,
      errored: s.outcome === 'error' ? 1 : 0,
    },
    ...s.extra,
  };
}

function suite(name: string, title: string, n: number, outcome: Outcome, checks: CheckResult[], skipped?: string): SuiteResult {
  return {
    name,
    title,
    version: '1.0.0',
    file: `suites/ota/${n}0-${name}.yaml`,
    builtin: true,
    outcome,
    durationMs: 1200 + n * 10,
    ...(skipped ? { skipped } : {}),
    checks,
  };
}

export function fixtureCoverage(): CoverageArtifact[] {
  const full = (room: string, rate: string, items = 6): CoverageArtifact['pairs'][number] => ({
    room,
    rate,
    items,
    ranges: [['2026-11-21', '2027-12-31']],
    gaps: [],
  });
  return [
    {
      source: 'harness',
      label: 'Full ARI refresh (ari suite)',
      from: '2026-11-21',
      to: '2027-12-31',
      horizon: '2027-02-28',
      pairs: [
        full('R-1', 'RP-1'),
        {
          room: 'R-1',
          rate: 'RP-2',
          items: 5,
          ranges: [
            ['2026-11-21', '2027-02-28'],
            ['2027-03-15', '2027-12-31'],
          ],
          gaps: [['2027-03-01', '2027-03-14']],
        },
        full('R-2', 'RP-1'),
        full('R-2', 'RP-2'),
      ],
    },
    {
      source: 'harness',
      label: 'Two-week refresh',
      from: '2026-11-21',
      to: '2026-12-04',
      horizon: '2026-11-30',
      pairs: [{ room: 'R-1', rate: 'RP-1', items: 2, ranges: [['2026-11-21', '2026-11-30']], gaps: [['2026-12-01', '2026-12-04']] }],
    },
  ];
}

function exchangesOf(options: FixtureOptions): Exchange[] {
  const s = options.plantSecrets ? SECRETS[0] : undefined;
  const xs: Exchange[] = [
    exchange(1, 'HealthCheck', 100, {}, s),
    exchange(2, 'SetupProperty', 400, {}, s),
    exchange(3, 'GetRoomTypes', 800, { response: JSON.stringify({ success: true, Rooms: [{ wbp_room_id: `R-1${HOSTILE}`, label: HOSTILE }] }) }, s),
    exchange(4, 'GetRatePlans', 1100, { response: '{"success":true,"RatePlans":[{"wbp_room_id":"0","wbp_rate_id":"RP-1","title":"Standard"}]}' }, s),
  ];
  for (let i = 0; i < 6; i++) xs.push(exchange(5 + i, 'ARIUpdate', 1500 + i * 300, {}, s));
  xs.push(exchange(11, 'GetRoomTypes', 4000, { response: '{"success":true,"Rooms":[]}' }, s));
  [5_000, 302_000, 601_000, 903_000].forEach((t, i) => xs.push(exchange(12 + i, 'GetBookingList', t, { response: '{"success":true,"Bookings":[]}' }, s)));
  xs.push(exchange(16, 'NotifyBooking', 360_000, { direction: 'inbound', request: { wbp_property_id: 'harbour-lights', booking_id: 'HL-1' } }));
  xs.push(exchange(17, 'BookingCreate', 420_000, { direction: 'inbound', request: { reservation: { OrderId: 'HL-2', note: HOSTILE } } }));
  xs.push(exchange(18, 'CancelBooking', 960_000, { failure: { kind: 'timeout', message: 'no response within 10000 ms' }, durationMs: 10_000 }, s));
  for (let i = 0; i < (options.extraExchanges ?? 0); i++) {
    xs.push(
      exchange(
        19 + i,
        'ARIUpdate',
        5_000 + i * 150,
        {
          request: {
            verb: 'ARIUpdate',
            Inventory: Array.from({ length: 8 }, (_, k) => ({
              wbp_room_id: 'R-1',
              wbp_rate_id: 'RP-1',
              start_date: '2026-12-01',
              end_date: '2026-12-31',
              units: k,
            })),
          },
        },
        s,
      ),
    );
  }
  return xs;
}

function suitesOf(options: FixtureOptions, extraIds: string[]): SuiteResult[] {
  const secretNote = options.plantSecrets ? ` (sent wbp_property_password ${SECRETS[1]} and ${SECRETS[2]}, ${SECRETS[3]})` : '';
  const schemaFail = check(
    {
      id: 'schema.response',
      title: "Every response body matches the spec's schema for its operation",
      outcome: 'fail',
      spec: 'Endpoints',
      message: `Unexpected GetRoomTypes response: 1 schema error(s)\n  ${SCHEMA_POINTER} must be integer [${SCHEMA_SPEC}]${secretNote}`,
      exchanges: ['x-0003'],
      extra: {
        expected: 'valid per Endpoints › GetRoomTypes',
        actual: options.plantSecrets ? { wbp_property_password: SECRETS[1], note: SECRETS[2] } : '1 error(s)',
        evidence: {
          exchanges: ['x-0003'],
          schemaErrors: [{ pointer: SCHEMA_POINTER, message: 'must be integer', keyword: 'type', spec: SCHEMA_SPEC, params: { type: 'integer' } }],
        },
      },
    },
    'suites/ota/20-setup.yaml',
    93,
    'room-types',
  );
  schemaFail.where.pointer = SCHEMA_POINTER;
  return [
    suite('https', 'HTTPS transport', 1, 'pass', [
      check(
        {
          id: 'https.required',
          title: 'HTTPS is required for every endpoint',
          outcome: 'pass',
          spec: 'Authentication (4): HTTPS is required',
          exchanges: ['x-0001'],
        },
        'suites/ota/10-https.yaml',
        18,
        'healthcheck-over-transport',
      ),
    ]),
    suite('setup', 'Property setup', 2, 'fail', [
      check(
        { id: 'setup.healthcheck', title: 'HealthCheck always returns success true', outcome: 'pass', spec: 'Endpoints › HealthCheck', exchanges: ['x-0001'] },
        'suites/ota/20-setup.yaml',
        12,
        'healthcheck-before-setup',
      ),
      check(
        {
          id: 'setup.setup-property.valid',
          title: 'SetupProperty accepts valid credentials',
          outcome: 'pass',
          spec: 'Endpoints › SetupProperty',
          exchanges: ['x-0002'],
        },
        'suites/ota/20-setup.yaml',
        55,
        'setup-property',
      ),
      schemaFail,
      check(
        {
          id: 'setup.rate-plans.listed',
          title: 'GetRatePlans returns success and the RatePlans list',
          outcome: 'pass',
          spec: 'Endpoints › GetRatePlans',
          exchanges: ['x-0004'],
        },
        'suites/ota/20-setup.yaml',
        104,
        'rate-plans',
      ),
    ]),
    suite('auth', 'Authentication', 3, 'warn', [
      check(
        { id: 'auth.refused', title: 'A wrong or missing shared_secret never gets success true', outcome: 'pass', spec: 'Authentication (1)' },
        'suites/ota/30-auth.yaml',
        14,
        'wrong-secret-in-query',
      ),
      check(
        {
          id: 'auth.wrong-property-password',
          title: 'Property data is not returned for a wrong property password',
          level: 'recommended',
          outcome: 'warn',
          spec: 'Authentication (3)',
          message: 'Unexpected success: expected false, but received true',
          exchanges: ['x-0011'],
          extra: { expected: false, actual: true },
        },
        'suites/ota/30-auth.yaml',
        68,
        'wrong-property-password',
      ),
    ]),
    suite('ari', 'Full ARI refresh', 4, 'pass', [
      check(
        {
          id: 'ari.full-refresh.accepted',
          title: 'ARIUpdate accepts every request of a full refresh',
          outcome: 'pass',
          spec: 'What the service does › Typical flow (5); Endpoints › ARIUpdate',
          exchanges: ['x-0005', 'x-0006', 'x-0007', 'x-0008', 'x-0009', 'x-0010', ...extraIds],
        },
        'suites/ota/40-ari.yaml',
        30,
        'full-refresh',
      ),
    ]),
    suite('booking-polling', 'Booking polling with the 5-minute offset', 5, 'pass', [
      check(
        {
          id: 'booking.list.success',
          title: 'GetBookingList answers success with a Bookings list',
          outcome: 'pass',
          spec: 'Endpoints › GetBookingList',
          exchanges: ['x-0012', 'x-0013', 'x-0014', 'x-0015'],
        },
        'suites/ota/50-booking-polling.yaml',
        20,
        'list-null',
      ),
    ]),
    suite(
      'ack',
      'AckBooking',
      6,
      'skip',
      [
        check(
          {
            id: 'ack.listed.success',
            title: 'AckBooking succeeds for a listed booking',
            outcome: 'skip',
            spec: 'Endpoints › AckBooking',
            message: 'the profile does not declare AckBooking',
            skipKind: 'not-applicable',
          },
          'suites/ota/60-ack.yaml',
          20,
          'ack-listed',
        ),
      ],
      'the profile does not declare AckBooking',
    ),
    suite('cancel', 'CancelBooking', 7, 'error', [
      check(
        {
          id: 'cancel.active.success',
          title: 'CancelBooking cancels an active booking',
          outcome: 'error',
          spec: 'Endpoints › CancelBooking',
          message: 'The exchange did not complete: timeout (no response within 10000 ms)',
          exchanges: ['x-0018'],
        },
        'suites/ota/70-cancel.yaml',
        28,
        'cancel-active',
      ),
      check(
        {
          id: 'cancel.flagged',
          title: 'The cancelled booking carries IsCancellation 1',
          outcome: 'skip',
          spec: 'Resources and their fields › Reservation (GetBookingId)',
          message: 'blocked: an earlier step failed',
          skipKind: 'blocked',
        },
        'suites/ota/70-cancel.yaml',
        80,
        'get-cancelled',
      ),
    ]),
  ];
}

export function buildRunResult(options: FixtureOptions = {}): RunResult {
  const exchanges = exchangesOf(options);
  const extraIds = exchanges.slice(18, 18 + 14).map((x) => x.id);
  const suites = suitesOf(options, extraIds);
  const counts = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const s of suites) for (const c of s.checks) counts[c.outcome]++;
  return {
    // The word and reasons the one verdict function gives for these checks (verify-report re-derives them).
    ...decideVerdict({ suites, interrupted: false, scope: 'full', transports: { candidate: 'https', tlsVerification: true, allowHttp: false } }),
    harness: { name: 'cm-certify', version: '0.1.0' },
    spec: { title: 'Channel Manager / PMS Integration API', version: '1.0' },
    target: 'ota',
    candidate: { baseUrl: BASE_URL, name: options.plantSecrets ? `Harbour Lights ${SECRETS[0]}` : 'Harbour Lights OTA (staging)' },
    transport: 'https',
    transports: { candidate: 'https', tlsVerification: true, allowHttp: false },
    startedAt: STARTED_AT,
    durationMs: 990_000,
    scope: 'full',
    interrupted: false,
    notes: options.notes ?? [],
    counts,
    suites,
    exchanges,
    artifacts: options.coverage === null ? {} : { coverage: options.coverage ?? fixtureCoverage() },
    profileDigest: profileDigest(fixtureProfile()),
  };
}
