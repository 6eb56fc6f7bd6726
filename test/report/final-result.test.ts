// The result every reporter is given (finishReports' redacted copy) is final: what is derived
// from it, the certificate's evidence digest and index, is made once for the JSON and the HTML
// report. A result not marked final is read afresh each time.
import { describe, expect, it } from 'vitest';
import { buildCertificate } from '../../src/report/certificate.js';
import { finalResult, keptForFinal } from '../../src/report/final-result.js';
import { buildRunResult } from './run-result-fixture.js';

describe('a final result', () => {
  it('is read once per name when final, and afresh on every call when not', () => {
    let made = 0;
    const make = (): number => ++made;
    const plain = {};
    expect([keptForFinal(plain, 'n', make), keptForFinal(plain, 'n', make)]).toEqual([1, 2]);
    const final = finalResult({});
    expect([keptForFinal(final, 'n', make), keptForFinal(final, 'n', make), keptForFinal(final, 'other', make)]).toEqual([3, 3, 4]);
  });

  it('gives the certificate of a final result the evidence a fresh one computes; a result not final is digested as it is now', () => {
    const final = finalResult(buildRunResult());
    const fresh = buildCertificate(buildRunResult());
    const first = buildCertificate(final);
    expect(buildCertificate(final)).toEqual(first);
    expect([first.evidence_sha256, first.evidence_index]).toEqual([fresh.evidence_sha256, fresh.evidence_index]);
    const changing = buildRunResult();
    const before = buildCertificate(changing).evidence_sha256;
    changing.exchanges[0]!.durationMs += 1;
    expect(buildCertificate(changing).evidence_sha256).not.toBe(before);
  });
});
