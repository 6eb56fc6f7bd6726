// Waivers approved in the service (issue 29 item 6): takes the Database, a candidate, what a
// team member asks (check id, optional suite, reason, expiry) and who is logged in, gives the
// stored waiver — checked by the CLI's own waiver reader (src/profile/waivers.ts: the same
// messages and bounds) and its check-name check (trust-inputs.ts), approved_by the member, never
// free text — and, for a run, the candidate's waiver file, which the run reads through
// `--waivers` exactly as `cm-certify run` does (src/spec/waivers.ts applies it; the
// certificate records it).
import { WAIVER_HORIZON_DAYS } from '../spec/waivers.js';
import { MAX_WAIVERS, parseWaivers } from '../profile/waivers.js';
import { checkWaiverNames } from '../session/trust-inputs.js';
import type { Target } from '../spec/vocabulary.js';
import { ProfileError } from '../support/errors.js';
import type { Principal } from './accounts.js';
import type { Database } from './database.js';

/** The file a run reads its waivers from (named in the report's waiver records: `service-waivers.yaml:LINE:COLUMN`). */
export const WAIVERS_FILE = 'service-waivers.yaml';

export interface WaiverAsk {
  check: string;
  suite?: string | undefined;
  reason: string;
  /** The last day it holds, YYYY-MM-DD (UTC). */
  expires: string;
}

export interface StoredWaiver {
  id: number;
  candidate_id: number;
  check: string;
  suite: string | null;
  reason: string;
  expires: string;
  approved_by: string;
  created_at: string;
  revoked_by: string | null;
}

/** Who approves: the logged-in member, or the member who made the token (CM_SERVICE_TOKEN: the operator). */
export function approverOf(me: Principal): string {
  return me.owner ?? me.name;
}

const day = (at: Date): string => at.toISOString().slice(0, 10);

/** The waiver file's text: JSON, which the YAML reader reads as it is. */
function fileText(entries: ReadonlyArray<WaiverAsk & { approved_by: string }>): string {
  const waivers = entries.map((w) => ({
    check: w.check,
    ...(w.suite ? { suite: w.suite } : {}),
    reason: w.reason,
    expires: w.expires,
    approved_by: w.approved_by,
  }));
  return `${JSON.stringify({ waivers }, null, 2)}\n`;
}

/**
 * The ask, checked as the CLI checks a waiver file's entry (the same messages), plus the
 * service's bounds: it holds from today, for at most WAIVER_HORIZON_DAYS days.
 */
export function checkWaiver(ask: WaiverAsk, approvedBy: string, target: Target, now: Date): WaiverAsk {
  const [waiver] = checkWaiverNames(parseWaivers(fileText([{ ...ask, approved_by: approvedBy }]), 'waiver'), target, []);
  const today = day(now);
  const last = day(new Date(now.getTime() + WAIVER_HORIZON_DAYS * 86_400_000));
  if (waiver!.expires < today) throw new ProfileError(`expires: ${waiver!.expires} has passed (today is ${today}, UTC): a waiver holds from today`);
  if (waiver!.expires > last)
    throw new ProfileError(
      `expires: ${waiver!.expires} is more than ${WAIVER_HORIZON_DAYS} days away (at most ${last}): a waiver accepts a known deviation until it is fixed`,
    );
  return { check: waiver!.check, ...(waiver!.suite ? { suite: waiver!.suite } : {}), reason: waiver!.reason, expires: waiver!.expires };
}

function view(r: Record<string, unknown>): StoredWaiver {
  return {
    id: Number(r.id),
    candidate_id: Number(r.candidate_id),
    check: String(r.check_id),
    suite: (r.suite as string | null) ?? null,
    reason: String(r.reason),
    expires: String(r.expires),
    approved_by: String(r.approved_by),
    created_at: new Date(r.created_at as string).toISOString(),
    revoked_by: (r.revoked_by as string | null) ?? null,
  };
}

export async function addWaiver(db: Database, candidateId: number, ask: WaiverAsk, approvedBy: string): Promise<StoredWaiver> {
  const [{ n } = { n: 0 }] = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM cm_waivers WHERE candidate_id = $1 AND revoked_by IS NULL', [
    candidateId,
  ]);
  if (Number(n) >= MAX_WAIVERS) throw new ProfileError(`the candidate has ${MAX_WAIVERS} waivers already (at most ${MAX_WAIVERS}, as in a waiver file)`);
  const [row] = await db.query(
    'INSERT INTO cm_waivers (candidate_id, check_id, suite, reason, expires, approved_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
    [candidateId, ask.check, ask.suite ?? null, ask.reason, ask.expires, approvedBy],
  );
  return view(row!);
}

/** Withdrawn: kept (the audit trail and older certificates name it), never applied again. */
export async function revokeWaiver(db: Database, id: number, by: string): Promise<StoredWaiver | undefined> {
  const [row] = await db.query('UPDATE cm_waivers SET revoked_by = $2, revoked_at = now() WHERE id = $1 AND revoked_by IS NULL RETURNING *', [id, by]);
  return row ? view(row) : undefined;
}

export async function waiversOf(db: Database, candidateId: number, withRevoked = false): Promise<StoredWaiver[]> {
  const rows = await db.query(`SELECT * FROM cm_waivers WHERE candidate_id = $1${withRevoked ? '' : ' AND revoked_by IS NULL'} ORDER BY id`, [candidateId]);
  return rows.map(view);
}

/** The run's waiver file (undefined: the candidate has none), read by the run as `--waivers` is. */
export async function waiverFileFor(db: Database, candidateId: number): Promise<string | undefined> {
  const live = await waiversOf(db, candidateId);
  return live.length ? fileText(live.map((w) => ({ ...w, suite: w.suite ?? undefined }))) : undefined;
}
