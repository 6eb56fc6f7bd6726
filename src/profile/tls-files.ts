// The profile's TLS files, read and checked: takes a loaded profile, gives nothing or a
// ProfileError at the field (tls.ca, tls.cert, tls.key) that names a file that is missing, not
// a regular file, or not PEM of its kind, so that `validate` refuses what `run` would refuse,
// in the profile's words (issue 28 items 14 and 18): a bad tls.key is exit 2 at tls.key, not
// a failure to listen.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { ProfileError } from '../support/errors.js';
import { readInputBytes } from '../support/read-input.js';
import type { Profile } from './types.js';

type TlsField = 'ca' | 'cert' | 'key';

/** The file at tls.<field>, or a ProfileError at that field. */
export function readTlsFile(profile: Profile, field: TlsField): Buffer | undefined {
  const path = profile.tls[field];
  if (!path) return undefined;
  return readInputBytes(path, `tls.${field} ${path}`, ProfileError, { location: { file: profile.file, field: `tls.${field}` } });
}

function parses(field: TlsField, bytes: Buffer): boolean {
  try {
    if (field === 'key') createPrivateKey(bytes);
    else new X509Certificate(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Every TLS file the profile names, read and parsed; throws a ProfileError at the first that is not usable. */
export function checkTlsFiles(profile: Profile): void {
  for (const field of ['ca', 'cert', 'key'] as const) {
    const bytes = readTlsFile(profile, field);
    if (bytes && !parses(field, bytes)) {
      const kind = field === 'key' ? 'a PEM private key' : 'a PEM certificate';
      throw new ProfileError(`tls.${field} ${profile.tls[field]} is not ${kind}`, { file: profile.file, field: `tls.${field}` });
    }
  }
}
