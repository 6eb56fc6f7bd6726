// What the service and a worker both open: takes the data folder and/or a postgres:// URL and
// the environment, gives the migrated database, the secret box (CM_SERVICE_SECRET_KEY, or on
// the embedded database a key file made in the data folder on first start), the Store, the
// signing key made if missing, and the started queue.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../support/errors.js';
import { openDatabase } from './database.js';
import type { Database } from './database.js';
import { migrate } from './migrations.js';
import { startQueue } from './queue.js';
import type { Queue } from './queue.js';
import { MIN_KEY_LENGTH, secretBox } from './secret-box.js';
import type { SecretBox } from './secret-box.js';
import { ensureSigningKey } from './signing.js';
import { Store } from './store.js';

export interface OpenOptions {
  data?: string | undefined;
  database?: string | undefined;
  env: NodeJS.ProcessEnv;
  log(line: string): void;
}

export interface Opened {
  db: Database;
  box: SecretBox;
  store: Store;
  queue: Queue;
  close(): Promise<void>;
}

export const SECRET_KEY_FILE = 'secret.key';

function secretKeyOf(options: OpenOptions): string {
  const given = options.env.CM_SERVICE_SECRET_KEY;
  if (given !== undefined) {
    if (given.length < MIN_KEY_LENGTH) throw new UsageError(`CM_SERVICE_SECRET_KEY must be at least ${MIN_KEY_LENGTH} characters`);
    return given;
  }
  if (options.database || !options.data)
    throw new UsageError("set CM_SERVICE_SECRET_KEY (16 characters or more, the same on every worker): it seals the candidates' secrets and the signing key");
  const file = join(options.data, SECRET_KEY_FILE);
  if (!existsSync(file)) {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    options.log(
      `made the secret key ${file} (it seals the candidates' secrets and the signing key: back it up with the data folder, or set CM_SERVICE_SECRET_KEY)`,
    );
  }
  return readFileSync(file, 'utf8').trim();
}

export async function openService(options: OpenOptions): Promise<Opened> {
  if (options.data) mkdirSync(options.data, { recursive: true, mode: 0o700 });
  const box = secretBox(secretKeyOf(options));
  const db = await openDatabase({ data: options.data, url: options.database });
  try {
    await migrate(db);
    await ensureSigningKey(db, box);
    const queue = await startQueue(db, (error) => options.log(`queue: ${error.message}`));
    return {
      db,
      box,
      store: new Store(db, box),
      queue,
      close: async () => {
        await queue.stop({ graceful: false, wait: true, close: false });
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
