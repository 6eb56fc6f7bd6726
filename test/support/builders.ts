// Shared test builders (issue 27 item 5): takes what a test varies, gives the objects many
// test files used to build by hand, each the same way: the PMS test profile (what the
// harness issued the PMS: secret sec-ret-1, pms_cid abc, property 7/1001/pw), an envelope
// of a request the PMS sends, and an inbound exchange as the mock channel manager records
// it. A RunResult comes from test/report/run-result-fixture.ts (buildRunResult).
import { parseProfile } from '../../src/profile/load-profile.js';
import type { Profile } from '../../src/profile/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';

/** What the harness issued the test PMS: its shared secret, pms_cid and property credentials. */
export const ISSUED = {
  sharedSecret: 'sec-ret-1',
  pmsCid: 'abc',
  property: { pms_property_id: 7, wbp_property_id: '1001', wbp_property_password: 'pw' },
} as const;

/** The PMS test profile's YAML: the credentials of ISSUED, at https://pms.test/cb. */
export const PMS_PROFILE_YAML =
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\n';

/** The PMS test profile, with `extra` YAML lines appended (intervals, capabilities...). */
export function pmsTestProfile(extra = ''): Profile {
  return parseProfile(`${PMS_PROFILE_YAML}${extra}`, 'p.yaml', {});
}

export interface InboundOptions {
  /** Default x1, x2, ... in the order built. */
  id?: string;
  /** The request's parsed body (default {}). */
  body?: unknown;
  /** The answer's parsed body (default {success: true}). */
  answer?: unknown;
  /** The query as received (default {}). */
  query?: Record<string, string>;
  requestContentType?: string;
  /** The mock answered with an error on purpose. */
  injected?: string;
}

let built = 0;

/** An inbound exchange (the PMS called the mock channel manager) at `at` epoch ms, with JSON bodies that parsed. */
export function inboundExchange(operation: string, at: number, options: InboundOptions = {}): LiveExchange {
  return {
    record: {
      id: options.id ?? `x${++built}`,
      direction: 'inbound',
      operation,
      startedAt: new Date(at).toISOString(),
      durationMs: 1,
      request: { method: 'POST', url: `/${operation}`, headers: {}, body: '', bytes: 0, truncated: false },
      response: { status: 200, headers: {}, body: '', bytes: 0, truncated: false },
    },
    at,
    query: options.query ?? {},
    ...(options.requestContentType ? { requestContentType: options.requestContentType } : {}),
    request: { ok: true, value: options.body ?? {} },
    response: { ok: true, value: options.answer ?? { success: true } },
    ...(options.injected ? { injected: options.injected } : {}),
  };
}

let guids = 0;

/** The envelope of a request the test PMS sends (ISSUED's credentials, a fresh GUID each call), with `extra` fields. */
export function pmsEnvelope(verb: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...ISSUED.property,
    shared_secret: ISSUED.sharedSecret,
    pms_cid: ISSUED.pmsCid,
    guid: `00000000-0000-4000-8000-${String(++guids).padStart(12, '0')}`,
    verb,
    ...extra,
  };
}
