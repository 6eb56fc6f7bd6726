// Issue 13 item 8 / issue 14 item 2: only a full run over HTTPS in both directions, TLS
// verified and without --allow-http, is `certified`; the word says what every other passing run is.
import { describe, expect, it } from 'vitest';
import { certificateVerdict, certifyingVerdict, insecureNotes, notCertifyingReason, transportFacts } from '../../src/runner/certifiable.js';
import type { RunOptions } from '../../src/runner/types.js';

function options(over: Partial<RunOptions> & { baseUrl?: string } = {}): RunOptions {
  const { baseUrl = 'https://pms.test/cb', ...rest } = over;
  return { target: 'pms', profile: { baseUrl } as RunOptions['profile'], suites: [], allowHttp: false, bail: false, partial: false, harnessVersion: '0', ...rest };
}

describe('certifyingVerdict', () => {
  it('certified only for HTTPS both ways, verified, full', () => {
    const o = options();
    expect(certifyingVerdict('certified', o, transportFacts(o, 'https://127.0.0.1:9200'))).toBe('certified');
  });

  it('the PMS target with a plain-HTTP mock is passed-insecure, and the note says why', () => {
    const o = options();
    const facts = transportFacts(o, 'http://127.0.0.1:9200');
    expect(certifyingVerdict('certified', o, facts)).toBe('passed-insecure');
    expect(insecureNotes(facts).join(' ')).toContain('mock channel manager served plain HTTP');
    expect(notCertifyingReason('passed-insecure', facts)).toContain('plain HTTP');
  });

  it('callbacks to an http:// PMS are passed-insecure even with an HTTPS mock', () => {
    const o = options({ baseUrl: 'http://pms.test/cb', allowHttp: true });
    expect(certifyingVerdict('certified', o, transportFacts(o, 'https://127.0.0.1:9200'))).toBe('passed-insecure');
  });

  it('TLS verification off is passed-insecure; insecure wins over partial', () => {
    const o = options({ tlsVerification: false, partial: true });
    const facts = transportFacts(o, 'https://127.0.0.1:9200');
    expect(certifyingVerdict('certified', o, facts)).toBe('passed-insecure');
    expect(insecureNotes(facts).join(' ')).toContain('NODE_TLS_REJECT_UNAUTHORIZED=0');
  });

  it('failures stay failures: only a would-be certified run changes word', () => {
    const o = options({ allowHttp: true, partial: true });
    const facts = transportFacts(o, 'http://x');
    for (const v of ['not-certified', 'incomplete'] as const) expect(certifyingVerdict(v, o, facts)).toBe(v);
  });

  it("the certificate's verdict field says a passing non-certification certifies nothing", () => {
    expect(certificateVerdict('passed-partial')).toBe('passed-partial (not a certification: certifies nothing)');
    expect(certificateVerdict('certified')).toBe('certified');
  });
});
