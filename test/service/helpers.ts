// Helpers for the service's tests: takes nothing, gives the reference OTA served by the real
// CLI (`cm-certify serve reference-ota --port 0`, from dist/: npm run build first) with its
// origin and test CA, the reference profile as a team member would paste it, and a JSON
// client for the API with a bearer token.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'bin', 'cm-certify.js');

export interface ServedReference {
  origin: string;
  caPem: string;
  close(): Promise<void>;
}

/**
 * `variants`: deliberately broken variants to serve (`serve --variant`). The test CA is the one
 * `serve` printed the fingerprint of: two first starts at once in the run's cache folder each make
 * a test PKI and write it to the same files, and one of them may then name a CA file that holds
 * the other's CA (1 in 12 pairs here; its candidate's runs end at once, not trusting it). Such a
 * start is stopped and made again: the kept PKI is then reused.
 */
export async function serveReferenceOta(variants: readonly string[] = []): Promise<ServedReference> {
  for (let tries = 1; ; tries++) {
    const { printed, ...served } = await serveOnce(variants);
    const inFile = new X509Certificate(served.caPem).fingerprint256;
    // None printed: a throw-away CA of its own (no cache folder), nothing shared.
    if (printed === undefined || printed === inFile) return served;
    await served.close();
    if (tries === 3) throw new Error(`serve's CA file held another CA 3 times (${inFile}, not ${printed})`);
  }
}

async function serveOnce(variants: readonly string[]): Promise<ServedReference & { printed: string | undefined }> {
  const args = [CLI, 'serve', 'reference-ota', '--port', '0', ...variants.flatMap((v) => ['--variant', v])];
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      fail(new Error(`serve did not start: ${out}`));
    }, 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Stop with Ctrl-C')) {
        clearTimeout(timer);
        done();
      }
    });
    child.on('exit', (code) => fail(new Error(`serve exited ${code}: ${out}`)));
  });
  const base = /base URL: (\S+)/.exec(out)![1]!;
  const caFile = /--ca (\S+)/.exec(out)![1]!;
  return {
    origin: new URL(base).origin,
    caPem: readFileSync(caFile, 'utf8'),
    printed: /fingerprint: (\S+)/.exec(out)?.[1],
    close: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** The reference OTA's profile, as shipped: its URL comes from the CM_REFERENCE_URL variable. */
export function referenceOtaProfile(): string {
  return readFileSync(join(ROOT, 'fixtures', 'profiles', 'reference-ota.yaml'), 'utf8');
}

export interface Api {
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; text: string }>;
}

export function apiClient(url: string, token: string | undefined): Api {
  return {
    async call(method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: the text is the body
      }
      return { status: response.status, body: parsed as never, text };
    },
  };
}

export async function waitForRun(
  api: Api,
  id: number,
  until: (state: string) => boolean,
  timeoutMs = 120_000,
): Promise<{ state: string; verdict: string | null; attempt: number }> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api.call<{ state: string; verdict: string | null; attempt: number }>('GET', `/api/runs/${id}`);
    if (until(body.state)) return body;
    if (Date.now() > end) throw new Error(`run ${id} is still ${body.state}`);
    // Each look is a request and four queries of the service under test, in this process: every
    // half second, not every 0.2 s (a run takes seconds).
    await new Promise((r) => setTimeout(r, 500));
  }
}
