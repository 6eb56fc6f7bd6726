// Issue 28 item 18: the curl reproduction of a run that trusted a private CA (--ca or the
// profile's tls.ca) carries `--cacert <that file>`, so the pasted line reaches the same server
// instead of failing on an unknown CA. Before (f9e7431): the line had no --cacert. A run that
// trusted no private CA prints none.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { startReferenceOta } from '../../src/reference/ota/index.js';
import type { ReferenceOtaServer } from '../../src/reference/ota/index.js';
import { systemClock } from '../../src/support/clock.js';
import { captureIo } from '../e2e/helpers.js';
import { tlsFixtures } from '../support/tls-fixtures.js';

const servers: ReferenceOtaServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function failingRun(caFrom: 'flag' | 'profile' | 'none') {
  const fixtures = tlsFixtures();
  const server = await startReferenceOta({
    clock: systemClock,
    sharedSecret: 'cacert-secret',
    property: { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'cacert-pw' },
    ...(caFrom === 'none' ? {} : { tls: { cert: fixtures.server.cert, key: fixtures.server.key } }),
    faults: ['healthcheck-fails'],
  });
  servers.push(server);
  const io = captureIo();
  const file = join(io.cwd, 'p.yaml');
  const tls = caFrom === 'profile' ? `tls: {ca: ${JSON.stringify(fixtures.caFile)}}\n` : '';
  writeFileSync(
    file,
    `target: ota\nbase_url: ${server.baseUrl}\nshared_secret: cacert-secret\npms_cid: abc\nproperty: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: cacert-pw}\ntimeouts: {request_ms: 3000, connect_ms: 2000}\n${tls}`,
  );
  const outcome = await runCommand(
    {
      target: 'ota',
      profile: file,
      suite: ['setup'],
      ...(caFrom === 'flag' ? { ca: fixtures.caFile } : {}),
      ...(caFrom === 'none' ? { allowHttp: true } : {}),
    },
    io,
  );
  return { ...outcome, out: io.out(), caFile: fixtures.caFile };
}

describe('the curl reproduction and a private CA', () => {
  it.each(['flag', 'profile'] as const)('a run that trusted a private CA (%s) prints --cacert with its path', async (from) => {
    const { out, caFile, exitCode } = await failingRun(from);
    expect(exitCode).toBe(1);
    const curls = out.split('\n').filter((l) => /^\s+curl -sS /.test(l));
    expect(curls.length).toBeGreaterThan(0);
    for (const line of curls) expect(line).toContain(`curl -sS --cacert ${caFile} -X POST 'https://`);
  });

  it('a run over plain HTTP trusts no CA and prints no --cacert', async () => {
    const { out } = await failingRun('none');
    expect(out).toMatch(/^\s+curl -sS -X POST 'http:\/\//m);
    expect(out).not.toContain('--cacert');
  });
});
