// Issue 14 item 8: the flags users of Newman, Hurl and Step CI look for — --verbose (full,
// redacted transcripts), --quiet (the verdict line only), --timeout (per request, overriding
// the profile), --no-color, HTTP(S)_PROXY / NO_PROXY through a local proxy, and no arguments
// prints help and exits 2.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runCommand } from '../../src/cli/commands/run.js';
import { captureIo } from '../e2e/helpers.js';
import { testClock } from '../e2e/pms-profile.js';

const SECRET = 'reference-shared-secret';

describe('output flags', () => {
  it('--quiet prints the verdict line only', async () => {
    const io = captureIo(testClock());
    expect(await main(['run', '--target', 'ota', '--reference', '--suite', 'https', '--quiet', '-r', 'json'], io)).toBe(0);
    // The verdict, and (a reference run, issue 28 item 7) the line that says whose it is.
    expect(io.out().trim().split('\n')).toEqual([
      'Verdict: PASSED-PARTIAL (not a certification: only a selection of the checks ran (--suite/--grep/--bail))',
      "REFERENCE CANDIDATE: cm-certify's own reference-ota (started by the harness itself (--reference)): this certifies the harness, not a partner",
    ]);
  });

  it('--verbose prints every request and response in full, with secrets redacted', async () => {
    const io = captureIo(testClock());
    expect(await main(['run', '--target', 'ota', '--reference', '--suite', 'https', '--verbose'], io)).toBe(0);
    const out = io.out();
    expect(out).toContain('Transcripts (1)');
    expect(out).toMatch(/> POST https:\/\/127\.0\.0\.1:\d+\/api\/HealthCheck\?shared_secret=\[redacted\]/);
    expect(out).toMatch(/< HTTP 200\n {2}content-type: application\/json/);
    expect(out).toContain('"verb":"HealthCheck"');
    expect(out).not.toContain(SECRET);
  });

  it('--quiet with --verbose is a usage error', async () => {
    const io = captureIo();
    expect(await main(['run', '--target', 'ota', '--reference', '--quiet', '--verbose'], io)).toBe(2);
    expect(io.err()).toContain('--quiet and --verbose');
  });

  it('--no-color wins over FORCE_COLOR', async () => {
    const forced = captureIo(testClock(), { FORCE_COLOR: '1' });
    await main(['run', '--target', 'ota', '--reference', '--suite', 'https'], forced);
    expect(forced.out()).toContain('\u001b[');
    const plain = captureIo(testClock(), { FORCE_COLOR: '1' });
    expect(await main(['run', '--target', 'ota', '--reference', '--suite', 'https', '--no-color'], plain)).toBe(0);
    expect(plain.out()).toContain('Verdict: PASSED-PARTIAL');
    expect(plain.out()).not.toContain('\u001b[');
  });

  it('--timeout overrides the profile per request, and a bad value names the flag', async () => {
    const bad = captureIo();
    expect(await main(['run', '--target', 'ota', '--reference', '--timeout', 'soon'], bad)).toBe(2);
    expect(bad.err()).toContain('--timeout "soon"');
    // The reference profile allows 30 s per request; --timeout 1 leaves the candidate 1 ms.
    const { result } = await runCommand({ target: 'ota', reference: true, suite: ['https'], timeout: '1' }, captureIo());
    const failure = result.exchanges[0]?.failure;
    expect(failure?.kind).toBe('timeout');
    expect(failure?.message).toMatch(/within 1 ms/);
    expect(result.verdict).not.toBe('passed-partial');
  });

  it('no arguments prints help and exits 2', async () => {
    const io = captureIo();
    expect(await main([], io)).toBe(2);
    expect(io.err()).toContain('Usage: cm-certify');
    expect(io.err()).toContain('run ');
  });
});

describe('a reader that goes away', () => {
  it('`cm-certify list | head` ends quietly, not with an EPIPE stack trace', async () => {
    const child = spawn(process.execPath, ['bin/cm-certify.js', 'list', '--target', 'ota'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let err = '';
    child.stderr.on('data', (d) => (err += String(d)));
    const code = await new Promise((r) => child.on('close', r));
    expect(err).not.toContain('EPIPE');
    expect(code).toBe(0);
  });
});

describe('HTTP(S)_PROXY and NO_PROXY', () => {
  let proxy: Server;
  let proxyUrl: string;
  const tunnels: string[] = [];

  beforeAll(async () => {
    // A tiny CONNECT proxy on 127.0.0.1: records each tunnel's target and pipes the bytes.
    proxy = createServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req, socket, head) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = connect(Number(port), host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise((r) => proxy.close(r));
  });

  it('requests to the candidate go through HTTPS_PROXY (and the TLS inside is still verified)', async () => {
    tunnels.length = 0;
    const { result } = await runCommand({ target: 'ota', reference: true, suite: ['https'] }, captureIo(testClock(), { HTTPS_PROXY: proxyUrl }));
    expect(result.verdict).toBe('passed-partial');
    expect(tunnels.length).toBeGreaterThan(0);
    expect(tunnels.every((t) => /^127\.0\.0\.1:\d+$/.test(t))).toBe(true);
  });

  it('NO_PROXY keeps them direct', async () => {
    tunnels.length = 0;
    const { result } = await runCommand(
      { target: 'ota', reference: true, suite: ['https'] },
      captureIo(testClock(), { HTTPS_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' }),
    );
    expect(result.verdict).toBe('passed-partial');
    expect(tunnels).toEqual([]);
  });
});

describe('--seed (issue 26 item 2)', () => {
  it('reads an integer from 0 to 2^31 - 1 and refuses anything else, naming the flag', async () => {
    const { parseSeedFlag, MAX_SEED } = await import('../../src/cli/run-flags.js');
    expect(parseSeedFlag(undefined)).toBeUndefined();
    expect(parseSeedFlag('0')).toBe(0);
    expect(parseSeedFlag(' 42 ')).toBe(42);
    expect(parseSeedFlag(String(MAX_SEED))).toBe(MAX_SEED);
    for (const bad of ['', '-1', '1.5', 'abc', String(MAX_SEED + 1), '1e3']) expect(() => parseSeedFlag(bad), bad).toThrow(/--seed/);
  });
});
