// Paths in errors are absolute (issue 14 item 10): a user reading a message from a CI log
// or another folder finds the file it names without knowing the working directory.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo } from '../e2e/helpers.js';

async function cli(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, err: io.err(), cwd: io.cwd };
}

describe('paths in error messages', () => {
  it('--ca names the absolute path of a file it cannot read', async () => {
    const io = captureIo();
    writeFileSync(
      join(io.cwd, 'p.yaml'),
      'target: ota\nbase_url: https://127.0.0.1:9/api\nshared_secret: s\npms_cid: abc\nproperty: {pms_property_id: 1, wbp_property_id: "1", wbp_property_password: p}\n',
    );
    const code = await main(['run', '--target', 'ota', '--profile', 'p.yaml', '--ca', 'missing-ca.pem'], io);
    expect(code).toBe(2);
    expect(io.err()).toContain(`--ca ${join(io.cwd, 'missing-ca.pem')}: cannot read`);
  });

  it('--suite names the absolute path of a suite file that does not exist', async () => {
    const { code, err, cwd } = await cli(['run', '--target', 'ota', '--reference', '--suite', './no-such-suite.yaml']);
    expect(code).toBe(2);
    expect(err).toContain(join(cwd, 'no-such-suite.yaml'));
  });

  it('verify-report names the absolute path of a report it cannot read', async () => {
    const { code, err, cwd } = await cli(['verify-report', 'nope.json']);
    expect(code).toBe(2);
    expect(err).toContain(`${join(cwd, 'nope.json')}: cannot read report`);
  });
});
