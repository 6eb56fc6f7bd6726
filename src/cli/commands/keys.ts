// `cm-certify keys generate [--out DIR]` and `cm-certify keys id FILE`: takes a folder (or a
// key file), gives a new Ed25519 key pair written there — the private key 0600, never over an
// existing file, never printed — and the key's id, or a key file's id. Exit 0, or 2 when the
// folder or file cannot be used.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../support/errors.js';
import { generateSigningKeys, readPrivateKey, readPublicKey } from '../../support/signing-keys.js';
import { visibleLine } from '../../support/sanitise.js';
import type { CliIo } from '../io.js';

export function keysGenerateCommand(options: { out: string }, io: CliIo): number {
  const dir = resolve(io.cwd, options.out);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new UsageError(`cannot create ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const made = generateSigningKeys(dir);
  io.stdout.write(
    [
      `key id ${made.keyId}`,
      `  private key: ${visibleLine(made.privateFile)} (mode 0600: keep it secret; sign with run --sign-key ${visibleLine(made.privateFile)})`,
      `  public key:  ${visibleLine(made.publicFile)} (give it to whoever verifies: verify-report --trust ${visibleLine(made.publicFile)})`,
      '',
    ].join('\n'),
  );
  return 0;
}

export function keysIdCommand(options: { file: string }, io: CliIo): number {
  const path = resolve(io.cwd, options.file);
  let keyId: string;
  try {
    keyId = readPublicKey(path).keyId;
  } catch (error) {
    // The private key's id is its public half's; its text is never shown.
    if (!(error instanceof UsageError) || !/holds a private key/.test(error.message)) throw error;
    keyId = readPrivateKey(path).keyId;
  }
  io.stdout.write(`${keyId}  ${visibleLine(options.file)}\n`);
  return 0;
}
