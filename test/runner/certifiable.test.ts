// Issue 13 item 8 / issue 14 item 2: only a full run over HTTPS in both directions, TLS
// verified and without --allow-http, is `certified`; the word says what every other passing
// run is. The runner records the transports and scope (src/runner/certifiable.ts); the word
// is decided from them by src/spec/run-verdict.ts.
import { describe, expect, it } from 'vitest';
import { insecureNotes } from '../../src/spec/run-notes.js';
import { isFullSelection, transportFacts } from '../../src/runner/certifiable.js';
import { certificateVerdict } from '../../src/spec/verdicts.js';
import { decideVerdict } from '../../src/spec/run-verdict.js';
import type { RunOptions } from '../../src/runner/types.js';
import type { CheckResult, TransportFacts } from '../../src/spec/vocabulary.js';

function options(over: Partial<RunOptions> & { baseUrl?: string } = {}): RunOptions {
  const { baseUrl = 'https://pms.test/cb', ...rest } = over;
  return {
    target: 'pms',
    profile: { baseUrl } as RunOptions['profile'],
    suites: [],
    allowHttp: false,
    bail: false,
    partial: false,
    harnessVersion: '0',
    ...rest,
  };
}

const PASSED: Pick<CheckResult, 'level' | 'outcome'> = { level: 'required', outcome: 'pass' };
const FAILED: Pick<CheckResult, 'level' | 'outcome'> = { level: 'required', outcome: 'fail' };

/** The verdict of a run with one check of this outcome, these options and transports. */
function verdictOf(o: RunOptions, facts: TransportFacts, check = PASSED, interrupted = false) {
  return decideVerdict({ suites: [{ checks: [check] }], interrupted, scope: isFullSelection(o) ? 'full' : 'partial', transports: facts });
}

describe('the verdict from the transports and the scope', () => {
  it('certified only for HTTPS both ways, verified, full', () => {
    const o = options();
    expect(verdictOf(o, transportFacts(o, 'https://127.0.0.1:9200'))).toEqual({ verdict: 'certified', reasons: [] });
  });

  it('the PMS target with a plain-HTTP mock is passed-insecure, and the note says why', () => {
    const o = options();
    const facts = transportFacts(o, 'http://127.0.0.1:9200');
    const decided = verdictOf(o, facts);
    expect(decided.verdict).toBe('passed-insecure');
    expect(insecureNotes(facts).join(' ')).toContain('mock channel manager served plain HTTP');
    expect(decided.reasons).toEqual(['not a certification: plain HTTP']);
  });

  it('callbacks to an http:// PMS are passed-insecure even with an HTTPS mock', () => {
    const o = options({ baseUrl: 'http://pms.test/cb', allowHttp: true });
    expect(verdictOf(o, transportFacts(o, 'https://127.0.0.1:9200')).verdict).toBe('passed-insecure');
  });

  it('TLS verification off is passed-insecure; insecure wins over partial', () => {
    const o = options({ tlsVerification: false, partial: true });
    const facts = transportFacts(o, 'https://127.0.0.1:9200');
    expect(verdictOf(o, facts)).toEqual({
      verdict: 'passed-insecure',
      reasons: ['not a certification: TLS certificate verification off (NODE_TLS_REJECT_UNAUTHORIZED=0)'],
    });
    expect(insecureNotes(facts).join(' ')).toContain('NODE_TLS_REJECT_UNAUTHORIZED=0');
  });

  it('a selection (--suite, --grep, --bail) is passed-partial', () => {
    for (const o of [options({ partial: true }), options({ grep: /x/ }), options({ bail: true })]) {
      expect(verdictOf(o, transportFacts(o, 'https://127.0.0.1:9200')).verdict).toBe('passed-partial');
    }
  });

  it('failures stay failures: only a would-be certified run changes word', () => {
    const o = options({ allowHttp: true, partial: true });
    const facts = transportFacts(o, 'http://x');
    expect(verdictOf(o, facts, FAILED).verdict).toBe('not-certified');
    expect(verdictOf(o, facts, PASSED, true).verdict).toBe('incomplete');
  });

  it("the certificate's verdict field says a passing non-certification certifies nothing", () => {
    expect(certificateVerdict('passed-partial')).toBe('passed-partial (not a certification: certifies nothing)');
    expect(certificateVerdict('certified')).toBe('certified');
  });
});
