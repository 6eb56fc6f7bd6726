// A run's kept files (issue 29 items 5 and 11): kept compressed (gzip) and given back byte for
// byte; a file kept before they were compressed (encoding 'identity', migration 3) is given
// back as it was. Compressed, a 5 MB report takes the embedded database a tenth of the time to
// store on the worker's one event loop (docs/service.md, round 38).
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openService } from '../../src/service/setup.js';
import type { Opened } from '../../src/service/setup.js';
import { migratedDataDir } from '../support/service-data.js';

let opened: Opened;
let run: number;

beforeAll(async () => {
  opened = await openService({ data: await migratedDataDir('cm-svc-artifacts-'), env: {}, log: () => undefined });
  await opened.store.addPartner('acme', 'Acme');
  const id = await opened.store.addCandidate('acme', 'ota', 'c', { yaml: 'target: ota', secrets: {} }, undefined);
  run = await opened.store.addRun((await opened.store.candidate(id))!, 'test', 'requeue');
}, 60_000);
afterAll(async () => opened?.close());

async function stored(name: string): Promise<{ bytes: Buffer; encoding: string }> {
  const [row] = await opened.db.query<{ content: string; encoding: string }>(
    "SELECT encode(content, 'base64') AS content, encoding FROM cm_artifacts WHERE run_id = $1 AND name = $2",
    [run, name],
  );
  return { bytes: Buffer.from(row!.content, 'base64'), encoding: row!.encoding };
}

describe("a run's kept files", () => {
  it('are kept compressed and given back byte for byte', async () => {
    const html = Buffer.from(`<!doctype html>${'<tr><td>pms.poll.interval</td><td>pass</td></tr>\n'.repeat(100_000)}`);
    const binary = randomBytes(100_000);
    await opened.store.putArtifact(run, 'report.html', html);
    await opened.store.putArtifact(run, 'evidence.bin', binary);
    const kept = await stored('report.html');
    expect(kept.encoding).toBe('gzip');
    expect(kept.bytes.length).toBeLessThan(html.length / 10);
    expect(gunzipSync(kept.bytes).equals(html)).toBe(true);
    expect((await opened.store.artifact(run, 'report.html'))!.equals(html)).toBe(true);
    expect((await opened.store.artifact(run, 'evidence.bin'))!.equals(binary)).toBe(true);
    // Kept again under the same name: the new content, compressed.
    await opened.store.putArtifact(run, 'report.html', Buffer.from('<p>again</p>'));
    expect((await opened.store.artifact(run, 'report.html'))!.toString()).toBe('<p>again</p>');
    expect(await opened.store.artifact(run, 'missing.txt')).toBeUndefined();
  });

  it('kept before they were compressed, are given back as they were', async () => {
    await opened.db.query("INSERT INTO cm_artifacts (run_id, name, content) VALUES ($1, 'old.json', decode($2, 'base64'))", [
      run,
      Buffer.from('{"verdict":"certified"}').toString('base64'),
    ]);
    expect((await stored('old.json')).encoding).toBe('identity');
    expect((await opened.store.artifact(run, 'old.json'))!.toString()).toBe('{"verdict":"certified"}');
  });
});
