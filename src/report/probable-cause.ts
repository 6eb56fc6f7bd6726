// One root cause before many failures: takes a RunResult, gives a "probable cause" line when
// most of the exchanges behind the failed checks were refused for authentication (wrong
// shared_secret, wrong property credentials), or undefined. A pure function of the result,
// so the terminal, HTML and JSON reports say the same (D-207).
import type { Exchange } from '../spec/exchange.js';
import type { RunResult } from '../spec/run-result.js';
import { requiredChecksPassed } from '../spec/verdicts.js';
import { misconfigurationText, tlsFailureText } from '../spec/run-notes.js';

/** How the runner's first-contact stop begins (src/runner/steps/first-contact.ts). */
const NEVER_REACHED = 'your PMS never reached the mock at ';

/** The share of the failing exchanges that must be the same refusal, and the fewest operations it must span. */
const MIN_SHARE = 0.6;
const MIN_OPERATIONS = 3;
/** Suites whose checks send wrong credentials on purpose: their refusals are expected, not a cause. */
const DELIBERATE = new Set(['auth']);

type Refusal = 'secret' | 'property' | 'auth';

const SECRET_WORDS = /shared[_ ]?secret|api[_ -]?key|\bsecret\b|\btoken\b/i;
const PROPERTY_WORDS = /propert(y|ies) credential|password|wbp_property/i;
const AUTH_WORDS = /authenticat|unauthori[sz]ed|forbidden|credential|not allowed|access denied|\bsecret\b|password/i;

function firstError(body: unknown): { id?: unknown; msg?: unknown } | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const parsed = JSON.parse(body) as { success?: unknown; errors?: Array<{ id?: unknown; msg?: unknown }> };
    if (parsed?.success !== false || !Array.isArray(parsed.errors)) return undefined;
    return parsed.errors[0] ?? {};
  } catch {
    return undefined;
  }
}

/** What kind of refusal an answer is (from the candidate, or from the mock to the PMS), if it is one. */
export function refusalOf(x: Exchange): Refusal | undefined {
  const status = x.response?.status;
  const error = firstError(x.response?.body);
  const text = `${String(error?.msg ?? '')} ${status === 401 || status === 403 ? 'unauthorized' : ''}`;
  if (!error && status !== 401 && status !== 403) return undefined;
  if (error?.id === 1001 || PROPERTY_WORDS.test(text)) return 'property';
  if (SECRET_WORDS.test(text)) return 'secret';
  return AUTH_WORDS.test(text) ? 'auth' : undefined;
}

const ADVICE: Record<Refusal, string> = {
  secret: 'every request was refused as unauthenticated: check shared_secret (and pms_cid) in the profile',
  property: 'every property request was refused for its credentials: check property.wbp_property_id and property.wbp_property_password in the profile',
  auth: 'every request was refused as unauthenticated: check shared_secret and the property credentials in the profile',
};

/** The probable cause of most failures, or undefined when the failures have no common refusal. */
export function probableCause(result: RunResult): string | undefined {
  if (requiredChecksPassed(result.verdict)) return undefined;
  // A PMS that never reached the mock: nothing else can have gone wrong (issue 28 item 16).
  const unreachable = result.stop?.unreachable;
  if (result.target === 'pms' && unreachable?.startsWith(NEVER_REACHED)) return unreachable;
  const misconfigured = result.outsiders?.byKind['misconfigured-pms'] ?? 0;
  if (misconfigured > 0) return misconfigurationText(misconfigured);
  const tls = result.mock?.tlsFailures;
  if (tls && tls.count > 0) return tlsFailureText(tls);
  const byId = new Map(result.exchanges.map((x) => [x.id, x]));
  const failing = new Set<string>();
  for (const suite of result.suites) {
    if (DELIBERATE.has(suite.name)) continue;
    for (const c of suite.checks) if (c.outcome === 'fail' || c.outcome === 'error') for (const id of c.evidence.exchanges) failing.add(id);
  }
  const counts = new Map<Refusal, { n: number; operations: Set<string> }>();
  for (const id of failing) {
    const x = byId.get(id);
    const kind = x ? refusalOf(x) : undefined;
    if (!x || !kind) continue;
    const entry = counts.get(kind) ?? { n: 0, operations: new Set<string>() };
    entry.n++;
    entry.operations.add(x.operation);
    counts.set(kind, entry);
  }
  const [kind, top] = [...counts.entries()].sort((a, b) => b[1].n - a[1].n)[0] ?? [];
  if (!kind || !top || top.n < failing.size * MIN_SHARE || top.operations.size < MIN_OPERATIONS) return undefined;
  return `${ADVICE[kind]} (${top.n} of the ${failing.size} exchanges behind the failed checks, across ${top.operations.size} operations, were refused this way)`;
}
