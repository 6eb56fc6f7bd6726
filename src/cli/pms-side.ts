// The PMS target's inbound side for a run: takes the profile and the run's clock, log and
// redactor, starts the mock channel manager where the profile says (TLS when it gives a
// certificate) and connects the inbound judge to it. The caller closes it.
import { readFileSync } from 'node:fs';
import type { Clock } from '../support/clock.js';
import { ProfileError } from '../support/errors.js';
import type { Redactor } from '../support/redact.js';
import type { Profile } from '../profile/types.js';
import type { EvidenceLog } from '../drivers/evidence-log.js';
import { MockChannelManager } from '../drivers/mock-cm/mock-cm.js';
import { InboundJudge } from '../runner/inbound-judge.js';
import type { PmsSide } from '../runner/types.js';

function readTls(profile: Profile): { cert: Buffer; key: Buffer } | undefined {
  const { cert, key } = profile.tls;
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new ProfileError('tls needs both cert and key for the mock channel manager', { file: profile.file, field: 'tls' });
  try {
    return { cert: readFileSync(cert), key: readFileSync(key) };
  } catch (error) {
    throw new ProfileError(`cannot read the TLS files: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file: profile.file, field: 'tls' });
  }
}

export async function startPmsSide(profile: Profile, deps: { clock: Clock; log: EvidenceLog; redactor: Redactor }): Promise<PmsSide & { close(): Promise<void> }> {
  const mock = new MockChannelManager({
    clock: deps.clock,
    log: deps.log,
    redactor: deps.redactor,
    sharedSecret: profile.sharedSecret,
    property: profile.property,
    host: profile.listen.host,
    port: profile.listen.port,
    tls: readTls(profile),
    maxBodyBytes: profile.limits.maxBodyBytes,
    evidenceBodyBytes: profile.limits.evidenceBodyBytes,
    requestTimeoutMs: profile.timeouts.requestMs,
    reservationTemplate: profile.reservationTemplate,
  });
  try {
    await mock.start();
  } catch (error) {
    throw new ProfileError(`the mock channel manager cannot listen on ${profile.listen.host}:${profile.listen.port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { file: profile.file, field: 'listen' });
  }
  const pairs = new Set(mock.mappedPairs().map((p) => `${p.room}\u0000${p.rate}`));
  const judge = new InboundJudge({ sharedSecret: profile.sharedSecret, pmsCid: profile.pmsCid, property: profile.property }, (room, rate) => pairs.has(`${room}\u0000${rate}`), deps.clock.now());
  mock.onExchange((x) => judge.receive(x));
  return { mock, judge, close: () => mock.close() };
}
