// Who is asking: takes a Fastify request, the Database and the admin token, gives the
// Principal (a bearer token, a browser session cookie, or none) and the guards every route
// uses: a route is public only when it says so; a browser's unsafe method must carry the
// session's CSRF token (a form field or the x-csrf-token header); partners read only their cid.
import type { FastifyRequest } from 'fastify';
import type { Database } from './database.js';
import type { Principal } from './accounts.js';
import { principalOfSession, principalOfToken } from './accounts.js';

export const SESSION_COOKIE = 'cm_session';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function cookiesOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return out;
}

export async function principalOf(request: FastifyRequest, db: Database, adminToken: string | undefined): Promise<Principal | undefined> {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return principalOfToken(db, header.slice(7).trim(), adminToken);
  const session = cookiesOf(request)[SESSION_COOKIE];
  return session ? principalOfSession(db, session) : undefined;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A browser session's unsafe request carries its CSRF token; a bearer token needs none (no browser sends it by itself). */
export function checkCsrf(request: FastifyRequest, principal: Principal): void {
  if (SAFE.has(request.method) || principal.csrf === undefined) return;
  const body = request.body as Record<string, unknown> | undefined;
  const given = request.headers['x-csrf-token'] ?? (typeof body?._csrf === 'string' ? body._csrf : undefined);
  if (given !== principal.csrf) throw new HttpError(403, 'missing or wrong CSRF token');
}

export function requireAdmin(principal: Principal | undefined): Principal {
  if (!principal) throw new HttpError(401, 'log in, or give a bearer token (Authorization: Bearer …)');
  if (principal.role !== 'admin') throw new HttpError(403, 'this needs a team member (admin) account or token');
  return principal;
}

export function requireReader(principal: Principal | undefined, cid: string): Principal {
  if (!principal) throw new HttpError(401, 'log in, or give a bearer token (Authorization: Bearer …)');
  if (principal.role !== 'admin' && principal.partnerCid !== cid)
    throw new HttpError(403, `this token reads the runs of ${principal.partnerCid ?? 'no partner'} only`);
  return principal;
}
