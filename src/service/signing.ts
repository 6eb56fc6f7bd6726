// The team's signing key, held by the service: takes the Database and the SecretBox, gives the
// Ed25519 key pair (made on first start, its private half sealed in cm_meta, never shown or
// served), the public key PEM that `verify-report --trust` reads, and the signer the runs use (the key
// opened in memory only).
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import type { Signer } from '../report/signature.js';
import { keyIdOf } from '../support/signing-keys.js';
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

/** The signer of the runs' certificates: the private key opened into memory only, never written to a file. */
export async function serviceSigner(db: Database, box: SecretBox): Promise<Signer> {
  const [row] = await db.query<{ value: string }>("SELECT value FROM cm_meta WHERE key = 'signing_key'");
  if (!row) throw new Error('the service has no signing key yet');
  const key = createPrivateKey(box.open<string>(row.value));
  return { key, keyId: keyIdOf(key) };
}
