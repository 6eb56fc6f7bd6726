// The service's records: takes the Database, gives partners, candidates (their secrets sealed,
// never read back out but by the worker), runs and their states, a run's progress lines and
// kept files, and the audit log. Plain SQL, the same on PGlite and Postgres.
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { Database } from './database.js';
import type { SecretBox } from './secret-box.js';
import type { StoredProfile } from './candidate-profile.js';
import type { Target } from '../spec/vocabulary.js';
import { waiverFileFor } from './waivers.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export type RunState = 'queued' | 'running' | 'done' | 'interrupted' | 'cancelled';
export type OnInterrupt = 'requeue' | 'incomplete';

export interface Partner {
  cid: string;
  name: string;
}

export interface CandidateView {
  id: number;
  partner_cid: string;
  target: Target;
  name: string;
  profile_yaml: string;
  /** Names only: the values are write-only. */
  secret_names: string[];
  has_ca: boolean;
}

export interface RunView {
  id: number;
  candidate_id: number;
  partner_cid: string;
  target: Target;
  state: RunState;
  verdict: string | null;
  attempt: number;
  /** The worker running it now, if any. */
  worker: string | null;
  error: string | null;
  queued_by: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function runView(r: Record<string, unknown>): RunView {
  return {
    id: Number(r.id),
    candidate_id: Number(r.candidate_id),
    partner_cid: String(r.partner_cid),
    target: r.target as Target,
    state: r.state as RunState,
    verdict: (r.verdict as string | null) ?? null,
    attempt: Number(r.attempt),
    worker: (r.worker as string | null) ?? null,
    error: (r.error as string | null) ?? null,
    queued_by: String(r.queued_by),
    created_at: iso(r.created_at)!,
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

const RUN_COLUMNS = 'id, candidate_id, partner_cid, target, state, verdict, attempt, worker, error, queued_by, created_at, started_at, finished_at';

export class Store {
  constructor(
    readonly db: Database,
    private readonly box: SecretBox,
  ) {}

  async audit(actor: string, action: string, subject: string, detail?: string): Promise<void> {
    await this.db.query('INSERT INTO cm_audit (actor, action, subject, detail) VALUES ($1, $2, $3, $4)', [actor, action, subject, detail ?? null]);
  }

  async auditLog(limit = 200): Promise<Array<{ at: string; actor: string; action: string; subject: string; detail: string | null }>> {
    const rows = await this.db.query('SELECT at, actor, action, subject, detail FROM cm_audit ORDER BY id DESC LIMIT $1', [limit]);
    return rows.map((r) => ({
      at: iso(r.at)!,
      actor: String(r.actor),
      action: String(r.action),
      subject: String(r.subject),
      detail: (r.detail as string | null) ?? null,
    }));
  }

  async addPartner(cid: string, name: string): Promise<boolean> {
    const rows = await this.db.query('INSERT INTO cm_partners (cid, name) VALUES ($1, $2) ON CONFLICT (cid) DO NOTHING RETURNING cid', [cid, name]);
    return rows.length > 0;
  }

  async partners(): Promise<Partner[]> {
    return (await this.db.query<{ cid: string; name: string }>('SELECT cid, name FROM cm_partners ORDER BY cid')).map((r) => ({ cid: r.cid, name: r.name }));
  }

  async partner(cid: string): Promise<Partner | undefined> {
    const [r] = await this.db.query<{ cid: string; name: string }>('SELECT cid, name FROM cm_partners WHERE cid = $1', [cid]);
    return r ? { cid: r.cid, name: r.name } : undefined;
  }

  async addCandidate(cid: string, target: Target, name: string, stored: StoredProfile, caPem: string | undefined): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      'INSERT INTO cm_candidates (partner_cid, target, name, profile_yaml, secrets_sealed, secret_names, ca_pem) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
      [cid, target, name, stored.yaml, this.box.seal(stored.secrets), JSON.stringify(Object.keys(stored.secrets)), caPem ?? null],
    );
    return Number(row!.id);
  }

  async candidates(cid: string): Promise<CandidateView[]> {
    const rows = await this.db.query(
      'SELECT id, partner_cid, target, name, profile_yaml, secret_names, ca_pem IS NOT NULL AS has_ca FROM cm_candidates WHERE partner_cid = $1 ORDER BY id',
      [cid],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      partner_cid: String(r.partner_cid),
      target: r.target as Target,
      name: String(r.name),
      profile_yaml: String(r.profile_yaml),
      secret_names: JSON.parse(String(r.secret_names)) as string[],
      has_ca: Boolean(r.has_ca),
    }));
  }

  async candidate(id: number): Promise<CandidateView | undefined> {
    const [r] = await this.db.query<{ partner_cid: string }>('SELECT partner_cid FROM cm_candidates WHERE id = $1', [id]);
    return r ? (await this.candidates(r.partner_cid)).find((c) => c.id === id) : undefined;
  }

  /** What a worker needs to run a candidate: the one place its secrets are opened. */
  async candidateForRun(id: number): Promise<{ target: Target; yaml: string; secrets: Record<string, string>; caPem: string | null; waivers?: string }> {
    const [r] = await this.db.query<{ target: Target; profile_yaml: string; secrets_sealed: string; ca_pem: string | null }>(
      'SELECT target, profile_yaml, secrets_sealed, ca_pem FROM cm_candidates WHERE id = $1',
      [id],
    );
    if (!r) throw new Error(`no candidate ${id}`);
    const waivers = await waiverFileFor(this.db, id);
    return { target: r.target, yaml: r.profile_yaml, secrets: this.box.open(r.secrets_sealed), caPem: r.ca_pem, ...(waivers ? { waivers } : {}) };
  }

  async addRun(candidate: CandidateView, queuedBy: string, onInterrupt: OnInterrupt): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      'INSERT INTO cm_runs (candidate_id, partner_cid, target, queued_by, on_interrupt) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [candidate.id, candidate.partner_cid, candidate.target, queuedBy, onInterrupt],
    );
    return Number(row!.id);
  }

  async run(id: number): Promise<RunView | undefined> {
    const [r] = await this.db.query(`SELECT ${RUN_COLUMNS} FROM cm_runs WHERE id = $1`, [id]);
    return r ? runView(r) : undefined;
  }

  async runsOf(cid: string, limit = 1000): Promise<RunView[]> {
    return (await this.db.query(`SELECT ${RUN_COLUMNS} FROM cm_runs WHERE partner_cid = $1 ORDER BY id DESC LIMIT $2`, [cid, limit])).map(runView);
  }

  async addEvent(runId: number, attempt: number, text: string): Promise<void> {
    await this.db.query('INSERT INTO cm_run_events (run_id, attempt, text) VALUES ($1, $2, $3)', [runId, attempt, text]);
  }

  /** Several lines in one statement, in order (a run's progress comes in bursts). */
  async addEvents(runId: number, attempt: number, texts: readonly string[]): Promise<void> {
    await this.db.query('INSERT INTO cm_run_events (run_id, attempt, text) SELECT $1, $2, t FROM unnest($3::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n', [
      runId,
      attempt,
      texts,
    ]);
  }

  /** Lines of several runs in one statement, in the order given (a worker's runs' progress, written together). */
  async addEventRows(rows: ReadonlyArray<{ runId: number; attempt: number; text: string }>): Promise<void> {
    await this.db.query(
      'INSERT INTO cm_run_events (run_id, attempt, text) SELECT r, a, t FROM unnest($1::bigint[], $2::int[], $3::text[]) WITH ORDINALITY AS u(r, a, t, n) ORDER BY n',
      [rows.map((r) => r.runId), rows.map((r) => r.attempt), rows.map((r) => r.text)],
    );
  }

  async events(runId: number, afterId = 0): Promise<Array<{ id: number; attempt: number; text: string }>> {
    const rows = await this.db.query('SELECT id, attempt, text FROM cm_run_events WHERE run_id = $1 AND id > $2 ORDER BY id LIMIT 5000', [runId, afterId]);
    return rows.map((r) => ({ id: Number(r.id), attempt: Number(r.attempt), text: String(r.text) }));
  }

  // Files go in and out as base64 text, decoded by the database: a bytea parameter costs PGlite
  // about 0.8 s per MB of a run's reports on this machine, base64 text 0.07 s (measured, 4 MB).
  /**
   * Keeps a run's file, compressed (gzip, on the thread pool): a PMS run at 1-second polling
   * writes a 5 MB report.html and a 4 MB report.json, and the embedded database (WebAssembly on
   * the worker's one event loop) took about 200 ms to store each as it was, a stall every other
   * run on the worker felt; compressed, about a tenth of that.
   */
  async putArtifact(runId: number, name: string, content: Buffer): Promise<void> {
    const packed = await gzipAsync(content);
    await this.db.query(
      "INSERT INTO cm_artifacts (run_id, name, content, encoding) VALUES ($1, $2, decode($3, 'base64'), 'gzip') ON CONFLICT (run_id, name) DO UPDATE SET content = EXCLUDED.content, encoding = EXCLUDED.encoding",
      [runId, name, packed.toString('base64')],
    );
  }

  async artifact(runId: number, name: string): Promise<Buffer | undefined> {
    const [r] = await this.db.query<{ content: string; encoding: string }>(
      "SELECT encode(content, 'base64') AS content, encoding FROM cm_artifacts WHERE run_id = $1 AND name = $2",
      [runId, name],
    );
    if (!r) return undefined;
    const stored = Buffer.from(r.content, 'base64');
    return r.encoding === 'gzip' ? gunzipAsync(stored) : stored;
  }

  async artifactNames(runId: number): Promise<string[]> {
    return (await this.db.query<{ name: string }>('SELECT name FROM cm_artifacts WHERE run_id = $1 ORDER BY name', [runId])).map((r) => r.name);
  }
}
