// The team's signing key, held by the service: takes the Database and the SecretBox, gives the
// Ed25519 key pair (made on first start, its private half sealed in cm_meta, never shown or
// served), the public key PEM that `verify-report --trust` reads, and a private key file for
// one run (mode 0600 in a folder of its own, removed by the caller after the run).
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from './database.js';
import type { SecretBox } from './secret-box.js';

export async function ensureSigningKey(db: Database, box: SecretBox): Promise<void> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const sealed = box.seal(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  // ON CONFLICT: two processes starting at once keep one key.
  await db.query("INSERT INTO cm_meta (key, value) VALUES ('signing_key', $1), ('public_key', $2) ON CONFLICT (key) DO NOTHING", [sealed, pub]);
}

export async function publicKeyPem(db: Database): Promise<string> {
  const [row] = await db.query<{ value: string }>("SELECT value FROM cm_meta WHERE key = 'public_key'");
  if (!row) throw new Error('the service has no signing key yet');
  return row.value;
}

/** The private key written for one run; `remove` deletes it. */
export async function signingKeyFile(db: Database, box: SecretBox): Promise<{ path: string; remove(): void }> {
  const [row] = await db.query<{ value: string }>("SELECT value FROM cm_meta WHERE key = 'signing_key'");
  if (!row) throw new Error('the service has no signing key yet');
  const dir = mkdtempSync(join(tmpdir(), 'cm-certify-key-'));
  const path = join(dir, 'signing.key');
  writeFileSync(path, box.open<string>(row.value), { mode: 0o600, flag: 'wx' });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
