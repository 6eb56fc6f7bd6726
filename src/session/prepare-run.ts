// Everything a run needs besides the suites: takes the session's options and I/O and the
// run's clock and evidence log, gives the profile, its Redactor, the CA to trust, the PMS
// target's mock channel manager, and one close() for all it started. The profile comes
// from the profile file, or from a launcher that starts the candidate (for a PMS: after
// the mock, whose URL the PMS needs). The mock channel manager is imported only when used.
import { resolve } from 'node:path';
import type { Clock } from '../support/clock.js';
import { HarnessError, ProfileError, UsageError } from '../support/errors.js';
import { Redactor } from '../support/redact.js';
import { readTlsFile } from '../profile/tls-files.js';
import { readInputBytes } from '../support/read-input.js';
import { loadProfile } from '../profile/load-profile.js';
import type { Profile } from '../profile/types.js';
import type { EvidenceLog } from '../drivers/evidence-log.js';
import type { PmsSide } from '../runner/types.js';
import type { StartedPmsSide } from './pms-side.js';
import type { MockMount } from '../drivers/mock-cm/mount.js';
import type { CandidateLauncher, SessionIo, SessionOptions } from './types.js';

export interface PreparedRun {
  profile: Profile;
  redactor: Redactor;
  ca: Buffer | undefined;
  pms?: PmsSide;
  /** The launcher started cm-certify's own reference candidate. */
  reference?: { name: string; variants: string[] } | undefined;
  close(): Promise<void>;
}

interface RunDeps {
  clock: Clock;
  log: EvidenceLog;
  /** Where the mock's kept certificate is looked for (CM_CERTIFY_CACHE_DIR, XDG_CACHE_HOME, HOME). */
  env?: NodeJS.ProcessEnv;
  /** A shared server the mock mounts under instead of listening itself (SessionIo.mockMount). */
  mount?: MockMount;
}

/** The run's Redactor: every secret of the profile, the ones a message may name labelled. */
export function profileRedactor(profile: Profile): Redactor {
  const redactor = new Redactor(profile.secrets);
  redactor.label(profile.sharedSecret, "the profile's shared_secret");
  redactor.label(profile.property.wbp_property_password, "the profile's password");
  const other = profile.fixtures.not_enabled_property?.wbp_property_password;
  if (other) redactor.label(other, "the profile's not_enabled_property password");
  return redactor;
}

/** --ca when given, else the profile's tls.ca: an error names the one that was used. */
function readCa(given: string | undefined, profile: Profile, cwd: string): Buffer | undefined {
  if (!given) return readTlsFile(profile, 'ca');
  const file = resolve(cwd, given);
  return readInputBytes(file, 'the file', UsageError, { location: { file: `--ca ${file}` } });
}

async function startMock(profile: Profile, redactor: Redactor, options: SessionOptions, deps: RunDeps): Promise<StartedPmsSide> {
  const { startPmsSide } = await import('./pms-side.js');
  return startPmsSide(profile, { ...deps, redactor, mockHttp: options.mockHttp ?? false, bookingSeed: options.seed });
}

/**
 * A launched candidate. For a PMS the launcher starts the mock through the session (once),
 * and the mock's Redactor, made from the profile it was started with, serves the whole run.
 */
async function launched(launch: CandidateLauncher, options: SessionOptions, deps: RunDeps): Promise<PreparedRun> {
  let side: { pms: StartedPmsSide; redactor: Redactor } | undefined;
  const context = {
    target: options.target,
    clock: deps.clock,
    startMock: async (profile: Profile): Promise<StartedPmsSide> => {
      if (options.target !== 'pms' || side) throw new HarnessError('the mock channel manager is started once, and only for the PMS target');
      const redactor = profileRedactor(profile);
      side = { pms: await startMock(profile, redactor, options, deps), redactor };
      return side.pms;
    },
  };
  let candidate;
  try {
    candidate = await launch(context);
  } catch (error) {
    await side?.pms.close();
    throw error;
  }
  const { profile } = candidate;
  const started = side;
  try {
    const redactor = started?.redactor ?? profileRedactor(profile);
    const pms = started?.pms ?? (options.target === 'pms' ? await startMock(profile, redactor, options, deps) : undefined);
    const close = async (): Promise<void> => {
      try {
        await candidate.close();
      } finally {
        await pms?.close();
      }
    };
    return { profile, redactor, ca: candidate.ca, ...(pms ? { pms } : {}), ...(candidate.reference ? { reference: candidate.reference } : {}), close };
  } catch (error) {
    await candidate.close();
    throw error;
  }
}

export async function prepareRun(options: SessionOptions, io: SessionIo, given: RunDeps): Promise<PreparedRun> {
  const deps = { ...given, env: given.env ?? io.env, ...(io.mockMount ? { mount: io.mockMount } : {}) };
  if (options.launch) return launched(options.launch, options, deps);
  if (!options.profile) throw new UsageError('give --profile FILE (see `cm-certify init`), or --reference to certify the built-in reference candidate');
  const profile = loadProfile(resolve(io.cwd, options.profile), io.env);
  if (profile.target !== options.target) {
    throw new ProfileError(`the profile is for the ${profile.target} target, but --target is ${options.target}`, {
      file: profile.file,
      line: 1,
      field: 'target',
    });
  }
  const redactor = profileRedactor(profile);
  const ca = readCa(options.ca, profile, io.cwd);
  if (profile.target !== 'pms') return { profile, redactor, ca, close: async () => undefined };
  const side = await startMock(profile, redactor, options, deps);
  return { profile, redactor, ca, pms: side, close: () => side.close() };
}
