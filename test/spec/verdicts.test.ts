// The verdict table is the one place a word's meaning is written: every word has a row, the
// predicates and the exit code read it, and the transport a RunResult records follows the
// transport half of a secure run.
import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeForVerdict } from '../../src/session/exit-codes.js';
import { meetsRequirement } from '../../src/session/gate.js';
import { VERDICT_TABLE, certificateVerdict, certifies, isSecure, requiredChecksPassed, runTransport } from '../../src/spec/verdicts.js';
import { RUN_VERDICTS, type TransportFacts } from '../../src/spec/vocabulary.js';

describe('the verdict table', () => {
  it('has one row per verdict word, and only the two certifying words certify', () => {
    expect(Object.keys(VERDICT_TABLE).sort()).toEqual([...RUN_VERDICTS].sort());
    expect(RUN_VERDICTS.filter(certifies)).toEqual(['certified', 'certified-with-waivers']);
    expect(certifies('certified ')).toBe(false);
    expect(certifies('toString')).toBe(false);
  });

  it('gives the exit codes of the README: 0 for the passing words, 1 not certified, 3 incomplete', () => {
    expect(RUN_VERDICTS.map((v) => [v, exitCodeForVerdict(v)])).toEqual([
      ['certified', EXIT.certified],
      ['certified-with-waivers', EXIT.certified],
      ['passed-partial', EXIT.certified],
      ['passed-insecure', EXIT.certified],
      ['not-certified', EXIT.notCertified],
      ['incomplete', EXIT.incomplete],
    ]);
    for (const v of RUN_VERDICTS) expect(requiredChecksPassed(v)).toBe(exitCodeForVerdict(v) === EXIT.certified);
  });

  it('writes on a certificate that a passing non-certification certifies nothing, and keeps a word it does not know', () => {
    expect(certificateVerdict('passed-partial')).toBe('passed-partial (not a certification: certifies nothing)');
    expect(certificateVerdict('certified')).toBe('certified');
    expect(certificateVerdict('made-up')).toBe('made-up');
  });

  it('--require certified takes certified alone; --require certified-with-waivers takes either certifying word', () => {
    expect(RUN_VERDICTS.filter((v) => meetsRequirement(v, 'certified'))).toEqual(['certified']);
    expect(RUN_VERDICTS.filter((v) => meetsRequirement(v, 'certified-with-waivers'))).toEqual(['certified', 'certified-with-waivers']);
  });

  it('records transport https exactly when every direction was HTTPS, the rule isSecure adds TLS checks and --allow-http to', () => {
    const facts = (over: Partial<TransportFacts>): TransportFacts => ({ candidate: 'https', tlsVerification: true, allowHttp: false, ...over });
    expect(runTransport(facts({}))).toBe('https');
    expect(runTransport(facts({ mock: 'https' }))).toBe('https');
    expect(runTransport(facts({ mock: 'http' }))).toBe('http');
    expect(runTransport(facts({ candidate: 'http' }))).toBe('http');
    expect(runTransport(facts({ allowHttp: true, tlsVerification: false }))).toBe('https');
    expect(isSecure(facts({ allowHttp: true }))).toBe(false);
    expect(isSecure(facts({ tlsVerification: false }))).toBe(false);
    expect(isSecure(facts({ mock: 'https' }))).toBe(true);
  });
});
