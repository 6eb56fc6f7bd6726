// A hostile OTA candidate that answers every request with one crafted reply, built from
// what it received (so it can echo the shared_secret it was sent in any encoding), and
// the helpers that check what cm-certify wrote: every report parses, verifies intact and
// holds no planted secret in any encoding.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { join } from 'node:path';
import { expect } from 'vitest';
import { verifyReportText } from '../../src/cli/commands/verify-report.js';

export interface Crafted {
  status?: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

export interface CraftedServer {
  url: string;
  close(): Promise<void>;
}

export type Craft = (req: IncomingMessage, body: string, secret: string) => Crafted;

export async function startCrafted(craft: Craft): Promise<CraftedServer> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const secret = new URL(req.url ?? '/', 'http://x').searchParams.get('shared_secret') ?? '';
      const reply = craft(req, Buffer.concat(chunks).toString('utf8'), secret);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export const SECRET = 'Crafted-Secret/9f&<q>"z+x';
export const PASSWORD = 'Crafted-Pass:7d21';

export function writeProfile(dir: string, baseUrl: string, extra: string[] = []): string {
  const file = join(dir, 'hostile.yaml');
  writeFileSync(
    file,
    [
      'target: ota',
      `base_url: ${baseUrl}`,
      'shared_secret: ${CM_SHARED_SECRET}',
      'pms_cid: abc',
      'currency: EUR',
      'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: "${CM_PROPERTY_PASSWORD}"}',
      'timeouts: {request_ms: 2000, connect_ms: 1000}',
      'limits: {evidence_body_bytes: 600}',
      ...extra,
    ].join('\n'),
  );
  return file;
}

export const ENV = { CM_SHARED_SECRET: SECRET, CM_PROPERTY_PASSWORD: PASSWORD };

const json = (t: string): string => JSON.stringify(t).slice(1, -1);
const html = (t: string, apos = '&#39;'): string =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, apos);

/**
 * What no output may contain, written here independently of the redactor: every planted
 * secret raw; JSON-escaped once and twice, with and without `\/`, Go's `\u0026`; URL-encoded
 * in both cases; XML/HTML-escaped; base64 at each alignment; and its first 8 characters.
 */
export function leakForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const s of secrets) {
    const once = [json(s), json(s).replace(/\//g, '\\/'), json(s).replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e')];
    const url = encodeURIComponent(s);
    for (const f of [s, ...once, ...once.map(json), url, url.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()), html(s), html(s, '&apos;'), s.slice(0, 8)])
      forms.add(f);
    for (let skip = 0; skip < 3; skip++) {
      const bytes = Buffer.from(s).subarray(skip);
      const b64 = bytes.subarray(0, bytes.length - (bytes.length % 3)).toString('base64');
      if (b64.length >= 8) forms.add(b64);
    }
  }
  return [...forms];
}

export function scanForLeaks(label: string, text: string, secrets: readonly string[]): void {
  for (const form of leakForms(secrets)) expect(text.includes(form), `${label} contains ${JSON.stringify(form)}`).toBe(false);
}

/** python3's expat is a strict XML 1.0 parser; without python3 the check says how to get it. */
export function parseXml(file: string): void {
  try {
    execFileSync('python3', ['-c', 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: Buffer };
    if (e.code === 'ENOENT') {
      console.log('SKIPPED the XML parse of junit.xml: python3 is missing (install it with `apt-get install -y python3`)');
      return;
    }
    throw new Error(`${file} is not well-formed XML: ${String(e.stderr ?? e.message)}`);
  }
}

/** Every report in the folder: report.json parses and verifies intact, report.html verifies intact, junit.xml parses. */
export function checkReports(dir: string, secrets: readonly string[]): Record<string, string> {
  const files = Object.fromEntries(
    readdirSync(dir)
      .filter((f) => !f.startsWith('.'))
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
  expect(Object.keys(files).sort()).toEqual(['junit.xml', 'report.html', 'report.json']);
  JSON.parse(files['report.json']!);
  for (const name of ['report.json', 'report.html']) {
    const v = verifyReportText(files[name]!);
    expect(v.status, `${name}: ${JSON.stringify(v)}`.slice(0, 600)).toBe('intact');
  }
  if (existsSync(join(dir, 'junit.xml'))) parseXml(join(dir, 'junit.xml'));
  for (const [name, text] of Object.entries(files)) scanForLeaks(name, text, secrets);
  return files;
}
