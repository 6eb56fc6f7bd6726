// People and tokens: takes the Database, gives local accounts (scrypt-hashed passwords,
// compared in constant time), bearer tokens (random, only their SHA-256 stored; CM_SERVICE_TOKEN
// is checked without storing it), and browser sessions with their CSRF token. Roles: admin
// (everything) and partner (read-only, its own cid's runs).
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Database } from './database.js';

export type Role = 'admin' | 'partner';

/** Who a request is: a team member (by name), a token, or a partner's read-only link. */
export interface Principal {
  name: string;
  role: Role;
  /** A partner principal sees this cid only. */
  partnerCid?: string | undefined;
  /** A token's owner: the member who made it (a waiver it adds is approved by them). */
  owner?: string | undefined;
  /** Browser sessions only: the token a form must carry. */
  csrf?: string | undefined;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, 32, { N: 16384, r: 8, p: 1 }, (e, key) => (e ? reject(e) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$16384$${salt.toString('base64url')}$${(await scryptAsync(password, salt)).toString('base64url')}`;
}

export async function checkPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, , salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

export async function createUser(db: Database, username: string, password: string): Promise<void> {
  await db.query('INSERT INTO cm_users (username, password_hash) VALUES ($1, $2)', [username, await hashPassword(password)]);
}

export async function countUsers(db: Database): Promise<number> {
  return Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM cm_users'))[0]?.n ?? 0);
}

/** The account, when the password is right; a missing account costs a hash too, so timing does not tell which. */
export async function login(db: Database, username: string, password: string): Promise<Principal | undefined> {
  const [user] = await db.query<{ password_hash: string; role: Role }>('SELECT password_hash, role FROM cm_users WHERE username = $1', [username]);
  const ok = await checkPassword(password, user?.password_hash ?? 'scrypt$16384$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  return ok && user ? { name: username, role: user.role } : undefined;
}

/** A new bearer token; its text is returned once and never stored. */
export async function createToken(db: Database, name: string, role: Role, createdBy: string, partnerCid?: string): Promise<string> {
  const token = `cmt_${newSecret()}`;
  await db.query('INSERT INTO cm_tokens (token_sha256, name, role, partner_cid, created_by) VALUES ($1, $2, $3, $4, $5)', [
    sha256(token),
    name,
    role,
    partnerCid ?? null,
    createdBy,
  ]);
  return token;
}

export async function principalOfToken(db: Database, token: string, adminToken: string | undefined): Promise<Principal | undefined> {
  if (adminToken && token.length === adminToken.length && timingSafeEqual(Buffer.from(token), Buffer.from(adminToken)))
    return { name: 'CM_SERVICE_TOKEN', role: 'admin' };
  const [row] = await db.query<{ name: string; role: Role; partner_cid: string | null; created_by: string | null }>(
    'SELECT name, role, partner_cid, created_by FROM cm_tokens WHERE token_sha256 = $1',
    [sha256(token)],
  );
  return row ? { name: `token:${row.name}`, role: row.role, partnerCid: row.partner_cid ?? undefined, owner: row.created_by ?? undefined } : undefined;
}

export const SESSION_HOURS = 12;

export async function createSession(db: Database, username: string): Promise<{ id: string; csrf: string }> {
  const id = newSecret();
  const csrf = newSecret();
  await db.query(`INSERT INTO cm_sessions (id_sha256, username, csrf, expires_at) VALUES ($1, $2, $3, now() + interval '${SESSION_HOURS} hours')`, [
    sha256(id),
    username,
    csrf,
  ]);
  return { id, csrf };
}

export async function principalOfSession(db: Database, id: string): Promise<Principal | undefined> {
  const [row] = await db.query<{ username: string; csrf: string; role: Role }>(
    'SELECT s.username, s.csrf, u.role FROM cm_sessions s JOIN cm_users u ON u.username = s.username WHERE s.id_sha256 = $1 AND s.expires_at > now()',
    [sha256(id)],
  );
  return row ? { name: row.username, role: row.role, csrf: row.csrf } : undefined;
}

export async function endSession(db: Database, id: string): Promise<void> {
  await db.query('DELETE FROM cm_sessions WHERE id_sha256 = $1', [sha256(id)]);
}
