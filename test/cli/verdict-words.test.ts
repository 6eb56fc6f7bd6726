// Issue 14 items 1, 2 and 11, issue 13 item 8: a verdict word always means the same thing.
// Only a full run over HTTPS with TLS verification on is `certified`; a selection is
// `passed-partial`, plain HTTP / --allow-http / verification off is `passed-insecure`; both
// exit 0 with a certificate that says it certifies nothing. An empty selection and a bad
// --output-dir are usage errors before anything runs.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runCommand } from '../../src/cli/commands/run.js';
import { verifyReportText } from '../../src/cli/commands/verify-report.js';
import { captureIo } from '../e2e/helpers.js';
import { testClock } from '../e2e/pms-profile.js';

describe('an empty selection is a usage error (item 1)', () => {
  it('--grep matching no check exits 2 naming the filter, and writes no report', async () => {
    const io = captureIo();
    const code = await main(['run', '--target', 'ota', '--reference', '--grep', 'zzz', '-r', 'json', '-o', 'out'], io);
    expect(code).toBe(2);
    expect(io.err()).toContain('--grep "zzz" matches no check');
    expect(io.out()).not.toContain('Verdict');
  });

  it('--suite with a --grep that matches none of its checks exits 2 naming both', async () => {
    const io = captureIo();
    const code = await main(['run', '--target', 'ota', '--reference', '--suite', 'https', '--grep', 'cancel\\.flagged'], io);
    expect(code).toBe(2);
    expect(io.err()).toMatch(/--grep "cancel\\\\.flagged" matches no check in --suite https/);
  });

  it('a --grep of checks judged on every exchange that judge nothing in the chosen suite is incomplete, never a pass (D-204)', async () => {
    // "booking" names checks judged on every exchange (the reservation's rules): the https suite sends no booking.
    const io = captureIo();
    const code = await main(['run', '--target', 'ota', '--reference', '--suite', 'https', '--grep', 'booking', '--no-color'], io);
    expect(io.out()).toContain('Verdict: INCOMPLETE');
    expect(io.out()).toContain('nothing was checked');
    expect(code).toBe(3);
  });

  it('a suite file without checks exits 2 naming the suite', async () => {
    const io = captureIo();
    const file = join(io.cwd, 'empty.yaml');
    writeFileSync(file, 'suite: empty\ntitle: Nothing\nversion: 1.0.0\ntarget: ota\nsteps:\n  - id: ping\n    title: ping\n    call: HealthCheck\n');
    const code = await main(['run', '--target', 'ota', '--reference', '--suite', file], io);
    expect(io.err()).toMatch(/--suite .*empty\.yaml|holds no check|has no check/);
    expect(code).toBe(2);
  });
});

describe('verdict words (item 2, issue 13 item 8)', () => {
  it('--suite: passed-partial, exit 0, yellow word, a certificate that certifies nothing, verify-report prints it as recorded', async () => {
    const io = captureIo(testClock());
    const code = await main(['run', '--target', 'ota', '--reference', '--suite', 'https', '-r', 'json', '-o', 'out'], io);
    expect(code).toBe(0);
    expect(io.out()).toContain('Verdict: PASSED-PARTIAL');
    expect(io.out()).not.toContain('CERTIFIED');
    const report = JSON.parse(readFileSync(join(io.cwd, 'out', 'report.json'), 'utf8'));
    expect(report.verdict).toBe('passed-partial');
    expect(report.certificate.verdict).toBe('passed-partial (not a certification: certifies nothing)');
    const vio = captureIo();
    expect(await main(['verify-report', join(io.cwd, 'out', 'report.json')], vio)).toBe(0);
    expect(vio.out()).toContain('verdict: passed-partial (not a certification: certifies nothing)');
  });

  it('--grep and --bail selections are passed-partial too', async () => {
    const grep = await runCommand({ target: 'ota', reference: true, grep: '^https\\.' }, captureIo(testClock()));
    expect(grep.result.verdict).toBe('passed-partial');
    expect(grep.exitCode).toBe(0);
    const bail = await runCommand({ target: 'ota', reference: true, suite: ['https'], bail: true }, captureIo(testClock()));
    expect(bail.result.verdict).toBe('passed-partial');
  });

  it('plain HTTP with --allow-http: passed-insecure, exit 0, the note says why', async () => {
    const { result, exitCode } = await runCommand(
      { target: 'ota', reference: true, referenceOverHttp: true, allowHttp: true, suite: ['https'] },
      captureIo(testClock()),
    );
    expect(result.verdict).toBe('passed-insecure');
    expect(result.transport).toBe('http');
    expect(result.notes.join(' ')).toContain('plain HTTP');
    expect(exitCode).toBe(0);
  });

  it('--allow-http over HTTPS is still not a certification', async () => {
    const { result } = await runCommand({ target: 'ota', reference: true, allowHttp: true, suite: ['https'] }, captureIo(testClock()));
    expect(result.verdict).toBe('passed-insecure');
    expect(result.reasons.join(' ')).toContain('--allow-http');
  });

  it('NODE_TLS_REJECT_UNAUTHORIZED=0 makes the run uncertifiable, said plainly', async () => {
    const io = captureIo(testClock(), { NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    const { result } = await runCommand({ target: 'ota', reference: true, suite: ['https'] }, io);
    expect(result.verdict).toBe('passed-insecure');
    expect(result.transports.tlsVerification).toBe(false);
    expect(result.notes.join(' ')).toMatch(/NODE_TLS_REJECT_UNAUTHORIZED=0.*cannot be certified/);
    expect(io.out()).toContain('Verdict: PASSED-INSECURE');
  });

  it('editing the transport or its notes in a report makes verify-report say altered', async () => {
    const io = captureIo(testClock(), { NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    await main(['run', '--target', 'ota', '--reference', '--suite', 'https', '-r', 'json', '-o', 'out'], io);
    const text = readFileSync(join(io.cwd, 'out', 'report.json'), 'utf8');
    expect(verifyReportText(text).status).toBe('intact');
    const report = JSON.parse(text);
    const noNotes = { ...report, notes: [] };
    expect(verifyReportText(JSON.stringify(noNotes)).status).toBe('altered');
    const verified = { ...report, transports: { ...report.transports, tlsVerification: true } };
    const v = verifyReportText(JSON.stringify(verified));
    expect(v.status).toBe('altered');
    expect(v.status === 'altered' && v.differences.join('\n')).toContain('transports');
    const http = JSON.parse(readFileSync(join(io.cwd, 'out', 'report.json'), 'utf8'));
    http.transport = http.transport === 'https' ? 'http' : 'https';
    expect(verifyReportText(JSON.stringify(http)).status).toBe('altered');
  });
});

describe('--output-dir is checked before the run (item 11)', () => {
  it('a file given as --output-dir is exit 2 naming the flag, before any exchange', async () => {
    const io = captureIo();
    writeFileSync(join(io.cwd, 'taken'), 'x');
    const code = await main(['run', '--target', 'ota', '--reference', '-r', 'json', '--output-dir', 'taken'], io);
    expect(code).toBe(2);
    expect(io.err()).toContain('--output-dir taken');
    expect(io.err()).toContain('not a folder');
    expect(io.out()).not.toContain('Checks:');
  });

  it('a folder under a file is exit 2 naming the flag', async () => {
    const io = captureIo();
    writeFileSync(join(io.cwd, 'file'), 'x');
    const code = await main(['run', '--target', 'ota', '--reference', '-r', 'junit', '-o', 'file/reports'], io);
    expect(code).toBe(2);
    expect(io.err()).toContain('--output-dir file/reports');
    expect(io.out()).not.toContain('Checks:');
  });

  it('a missing folder is created before the run', async () => {
    const io = captureIo(testClock());
    mkdirSync(join(io.cwd, 'a'));
    const code = await main(['run', '--target', 'ota', '--reference', '--suite', 'https', '-r', 'junit', '-o', 'a/b/c'], io);
    expect(code).toBe(0);
    expect(readFileSync(join(io.cwd, 'a/b/c/junit.xml'), 'utf8')).toContain('<testsuites');
  });
});
