// A mock channel manager that tests post to by hand: takes a profile file name, the shared
// secret and the property password a test issues, gives that profile (pms_cid abc, property
// 1/1001, plain HTTP on 127.0.0.1, an ephemeral port) and `start`, which serves its PMS side
// on the system clock; every side started is closed after the test file (afterAll).
import { afterAll } from 'vitest';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import type { Profile } from '../../src/profile/types.js';
import { startPmsSide } from '../../src/session/pms-side.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';

export interface PlainMock {
  profile: Profile;
  start: (log?: EvidenceLog) => ReturnType<typeof startPmsSide>;
}

export function plainMock(file: string, secret: string, password: string): PlainMock {
  const profile = parseProfile(
    [
      'target: pms',
      'base_url: https://pms.invalid/cb',
      `shared_secret: ${secret}`,
      'pms_cid: abc',
      'currency: EUR',
      `property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: ${password}}`,
      'listen: 127.0.0.1:0',
      'tls: {plain_http: true}',
    ].join('\n'),
    file,
    {},
  );
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    await Promise.all(closers.map((close) => close()));
  });
  return {
    profile,
    async start(log = new EvidenceLog()) {
      const side = await startPmsSide(profile, { clock: systemClock, log, redactor: new Redactor(profile.secrets) });
      closers.push(() => side.close());
      return side;
    },
  };
}
