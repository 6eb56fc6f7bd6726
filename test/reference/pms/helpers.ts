// Test helpers for the reference PMS: takes PMS options and faults, gives a reference OTA
// and a reference PMS wired together on 127.0.0.1 (ephemeral ports) with a shared simulated
// clock, every request the PMS sent as the OTA received it, and small waiting helpers that
// wait on that clock (so the PMS cannot run ahead of the test) and hold it while the test
// posts.
import type { OtaResponse } from '../../../src/channel-manager/index.js';
import { type ReferenceOtaServer, startReferenceOta } from '../../../src/reference/ota/index.js';
import { type PmsFault, type ReferencePmsOptions, type ReferencePmsServer, startReferencePms } from '../../../src/reference/pms/index.js';
import type { Clock } from '../../../src/support/clock.js';
import { SimulatedClock } from '../../../src/support/simulated-clock.js';
import { TEST_START } from '../../e2e/pms-profile.js';

export const SECRET = 'pms-test-secret';
export const CID = 'cmc';
export const PROPERTY = { pms_property_id: 25678, wbp_property_id: '48211', wbp_property_password: 'lake-view-pw' };
/** Clock milliseconds per millisecond the tests wait for (pause, waitFor): a 1-minute poll interval is 250. */
export const FACTOR = 240;
export const POLL_MS = 60_000;

export interface Received {
  operation: string;
  query: URLSearchParams;
  body: any;
  /** Clock time the OTA received it. */
  at: number;
  status: number;
  answer: any;
}

/** Replaces the OTA's answer to one request (e.g. a failed poll); undefined keeps it. */
export type Interceptor = (request: { operation: string; body: any; index: number }) => OtaResponse | undefined;

export interface Pair {
  clock: Clock;
  ota: ReferenceOtaServer;
  pms: ReferencePmsServer;
  received: Received[];
  of(operation: string): Received[];
  close(): Promise<void>;
}

export interface PairOptions extends Partial<Omit<ReferencePmsOptions, 'faults'>> {
  faults?: PmsFault[];
  intercept?: Interceptor;
}

const open = new Set<Pair>();

export async function startPair(options: PairOptions = {}): Promise<Pair> {
  const { intercept, ...rest } = options;
  // From a fixed noon, not now: a test near midnight would see two days (test/e2e/pms-profile.ts).
  const clock = rest.clock ?? new SimulatedClock(TEST_START);
  const ota = await startReferenceOta({ clock, sharedSecret: SECRET, property: PROPERTY });
  const received = record(ota, clock, intercept);
  const pms = await startReferencePms({
    clock,
    cmUrl: ota.baseUrl,
    sharedSecret: SECRET,
    pmsCid: CID,
    property: PROPERTY,
    currency: 'EUR',
    pollIntervalMs: POLL_MS,
    ...rest,
  });
  const pair: Pair = {
    clock,
    ota,
    pms,
    received,
    of: (operation) => received.filter((r) => r.operation === operation),
    close: async () => {
      open.delete(pair);
      await pms.close();
      await ota.close();
    },
  };
  open.add(pair);
  return pair;
}

/** Closes every pair still open (afterEach). */
export async function closeAll(): Promise<void> {
  await Promise.all([...open].map((pair) => pair.close()));
}

function record(ota: ReferenceOtaServer, clock: Clock, intercept: Interceptor | undefined): Received[] {
  const received: Received[] = [];
  const model = ota.model;
  const handle = model.handle.bind(model);
  model.handle = (operation, query, bytes) => {
    const text = Buffer.from(bytes).toString('utf8');
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const index = received.filter((r) => r.operation === operation).length;
    const response = intercept?.({ operation, body, index }) ?? handle(operation, query, bytes);
    const answerText = typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8');
    let answer: any;
    try {
      answer = JSON.parse(answerText);
    } catch {
      answer = answerText;
    }
    received.push({ operation, query, body, at: clock.now(), status: response.status, answer });
    return response;
  };
  return received;
}

/** The clocks of the pairs open now (a test may run two side by side). */
function pairClocks(): Clock[] {
  return [...open].map((pair) => pair.clock);
}

const realPause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Lets `ms` x FACTOR pass on every open pair's clock (`ms` of real time without a pair). */
export async function pause(ms: number): Promise<void> {
  const clocks = pairClocks();
  await (clocks.length ? Promise.all(clocks.map((clock) => clock.sleep(ms * FACTOR))) : realPause(ms));
}

/**
 * Waits until `predicate` holds, looking every 10 x FACTOR ms of the open pairs' clocks (so
 * no PMS runs ahead of the test; real time without a pair); fails after `timeoutMs` x FACTOR.
 */
export async function waitFor(predicate: () => boolean, timeoutMs = 4_000, what = 'condition'): Promise<void> {
  for (let waited = 0; !predicate(); waited += 10) {
    if (waited > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await pause(10);
  }
}

/** POSTs a JSON body to the PMS (a callback or the start hook); gives status, type and JSON. */
export async function post(url: string, body: unknown, secret: string | null = SECRET): Promise<{ status: number; contentType: string | null; json: any }> {
  const target = secret === null ? url : `${url}?shared_secret=${encodeURIComponent(secret)}`;
  const releases = pairClocks().map((clock) => clock.hold());
  try {
    return await send(target, body);
  } finally {
    for (const release of releases) release();
  }
}

async function send(target: string, body: unknown): Promise<{ status: number; contentType: string | null; json: any }> {
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), json };
}

/** Starts the setup flow and waits for the full refresh to be sent. */
export async function connect(pair: Pair): Promise<void> {
  const answer = await post(pair.pms.startUrl, {}, null);
  if (answer.json?.started !== true) throw new Error(`start hook answered ${JSON.stringify(answer.json)}`);
  await waitFor(() => pair.pms.state.fullRefreshes >= 1 || pair.pms.state.phase === 'failed', 4_000, 'the full refresh');
}

/** The ARIUpdates of the first full refresh: those between GetRatePlans and the first poll. */
export function firstRefresh(pair: Pair): Received[] {
  const start = pair.received.findIndex((r) => r.operation === 'GetRatePlans') + 1;
  const poll = pair.received.findIndex((r) => r.operation === 'GetBookingList');
  return pair.received.slice(start, poll < 0 ? undefined : poll).filter((r) => r.operation === 'ARIUpdate');
}
