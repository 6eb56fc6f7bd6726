// Secrets at rest: takes the operator's key (CM_SERVICE_SECRET_KEY: any passphrase of 16
// characters or more, stretched with scrypt) and gives seal/open of a JSON value with
// AES-256-GCM (a fresh 12-byte nonce each time, the tag checked on open). A sealed value is
// "v1.<nonce>.<tag>.<ciphertext>" in base64url; a wrong key or an altered value fails to open.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

export interface SecretBox {
  seal(value: unknown): string;
  open<T = unknown>(sealed: string): T;
}

export const MIN_KEY_LENGTH = 16;

export function secretBox(passphrase: string): SecretBox {
  if (passphrase.length < MIN_KEY_LENGTH) throw new Error(`the secret key must be at least ${MIN_KEY_LENGTH} characters`);
  const key = scryptSync(passphrase, 'cm-certify-service/secret-box@1', 32);
  return {
    seal(value) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open<T>(sealed: string): T {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      try {
        const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
        return JSON.parse(text) as T;
      } catch {
        throw new Error('a sealed secret did not open: the secret key is not the one it was sealed with, or the value was altered');
      }
    },
  };
}
