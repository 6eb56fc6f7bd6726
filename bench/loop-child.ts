// The plain loop a partner would write instead of cm-certify: takes the base URL, the shared
// secret and a JSON file of complete request bodies (envelope without guid), posts each one
// at a time with undici and a fresh guid, checks HTTP 200 and `success: true`, exits 0 when
// every request succeeded and 1 otherwise. Nothing else: no schema, no evidence, no report.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

const [baseUrl, secret, file] = process.argv.slice(2);
const requests = JSON.parse(readFileSync(file!, 'utf8')) as Array<{ operation: string; body: Record<string, unknown> }>;
const agent = new Agent({ keepAliveTimeout: 4_000 });
let failed = 0;
for (const { operation, body } of requests) {
  const url = `${baseUrl}/${operation}?shared_secret=${encodeURIComponent(secret!)}`;
  const res = await request(url, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, guid: randomUUID() }),
  });
  const answer = (await res.body.json()) as { success?: unknown };
  if (res.statusCode !== 200 || answer.success !== true) failed++;
}
await agent.close();
process.stdout.write(`${requests.length - failed} of ${requests.length} succeeded\n`);
process.exitCode = failed === 0 ? 0 : 1;
