// Ed25519 signing keys: takes a folder or a key file, gives a new key pair written to files
// (the private key created with mode 0600, never over an existing file), a private or public
// key read from its PEM file, and a key's id (a short SHA-256 fingerprint of its public key).
// The private key is only ever read into a KeyObject: its text is never printed, and an
// error about it names the file, never its content.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './errors.js';
import { folderOpenToOthers } from './safe-write.js';

export const PRIVATE_KEY_FILE = 'cm-certify-signing.key';
export const PUBLIC_KEY_FILE = 'cm-certify-signing.pub';
/** A PEM key is a few hundred bytes: anything past this is not one. */
const MAX_KEY_BYTES = 16 * 1024;

/** "ed25519:" and the first 16 bytes (32 hex digits) of the SHA-256 of the public key's DER (SubjectPublicKeyInfo). */
export function keyIdOf(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return `ed25519:${createHash('sha256').update(der).digest('hex').slice(0, 32)}`;
}

/** Reads at most MAX_KEY_BYTES + 1 bytes, whatever size the file says it has (a device, a FIFO). */
function readKeyText(path: string, what: string): { text: string; mode: number } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new UsageError(`cannot read the ${what} ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UsageError(`the ${what} ${path} is not a regular file`);
    const buffer = Buffer.alloc(MAX_KEY_BYTES + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > MAX_KEY_BYTES) throw new UsageError(`the ${what} ${path} is larger than ${MAX_KEY_BYTES} bytes: not a PEM key`);
    return { text: buffer.subarray(0, length).toString('utf8'), mode: stat.mode };
  } finally {
    closeSync(fd);
  }
}

function isEd25519(key: KeyObject): boolean {
  return key.asymmetricKeyType === 'ed25519';
}

/** The signing key; a usage error (naming the file, not its content) when it is not an Ed25519 private key. */
export function readPrivateKey(path: string): { key: KeyObject; keyId: string; groupReadable: boolean } {
  const { text, mode } = readKeyText(path, 'signing key');
  let key: KeyObject;
  try {
    key = createPrivateKey(text);
  } catch {
    throw new UsageError(`the signing key ${path} is not a PEM private key (make one with \`cm-certify keys generate\`)`);
  }
  if (!isEd25519(key)) throw new UsageError(`the signing key ${path} is a ${key.asymmetricKeyType ?? 'unknown'} key; cm-certify signs with Ed25519 keys`);
  return { key, keyId: keyIdOf(key), groupReadable: (mode & 0o077) !== 0 };
}

/** A key to trust; a private key file is refused (give the public half to whoever verifies). */
export function readPublicKey(path: string): { key: KeyObject; keyId: string } {
  const { text } = readKeyText(path, 'public key');
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text))
    throw new UsageError(`${path} holds a private key: --trust takes the public key file (${PUBLIC_KEY_FILE})`);
  let key: KeyObject;
  try {
    key = createPublicKey(text);
  } catch {
    throw new UsageError(`${path} is not a PEM public key`);
  }
  if (!isEd25519(key)) throw new UsageError(`${path} is a ${key.asymmetricKeyType ?? 'unknown'} key; cm-certify signatures are Ed25519`);
  return { key, keyId: keyIdOf(key) };
}

function writeNew(path: string, text: string, mode: number): void {
  // O_EXCL: never over an existing file, nor through a planted symlink; the mode is set at creation.
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

export interface GeneratedKeys {
  privateFile: string;
  publicFile: string;
  keyId: string;
}

/** A new Ed25519 pair in `dir`: the private key 0600, the public key 0644. Refuses when either file exists. */
export function generateSigningKeys(dir: string): GeneratedKeys {
  const open = folderOpenToOthers(dir);
  if (open) throw new UsageError(`cannot keep a signing key there: ${open}`);
  const privateFile = join(dir, PRIVATE_KEY_FILE);
  const publicFile = join(dir, PUBLIC_KEY_FILE);
  for (const file of [privateFile, publicFile]) {
    if (existsSync(file)) throw new UsageError(`${file} already exists: cm-certify never overwrites a key (move it away, or give --out another folder)`);
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  try {
    writeNew(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 0o600);
    writeNew(publicFile, publicKey.export({ type: 'spki', format: 'pem' }).toString(), 0o644);
  } catch (error) {
    throw new UsageError(`cannot write the key pair into ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  return { privateFile, publicFile, keyId: keyIdOf(publicKey) };
}
