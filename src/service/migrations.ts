// Versioned schema migrations: takes a Database, applies in order every migration it has not
// applied yet (recorded in cm_schema_migrations, each in its own transaction), gives the
// versions applied. The same SQL on PGlite and Postgres; pg-boss migrates its own schema.
import type { Database } from './database.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'partners, candidates, runs, accounts, audit',
    sql: `
CREATE TABLE cm_meta (key text PRIMARY KEY, value text NOT NULL);
CREATE TABLE cm_users (
  id bigserial PRIMARY KEY, username text UNIQUE NOT NULL, password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'admin', created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE cm_tokens (
  id bigserial PRIMARY KEY, token_sha256 text UNIQUE NOT NULL, name text NOT NULL, role text NOT NULL,
  partner_cid text, created_by text, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE cm_sessions (
  id_sha256 text PRIMARY KEY, username text NOT NULL, csrf text NOT NULL,
  expires_at timestamptz NOT NULL);
CREATE TABLE cm_partners (
  cid text PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE cm_candidates (
  id bigserial PRIMARY KEY, partner_cid text NOT NULL REFERENCES cm_partners(cid),
  target text NOT NULL, name text NOT NULL, profile_yaml text NOT NULL,
  secrets_sealed text NOT NULL, secret_names text NOT NULL DEFAULT '[]', ca_pem text,
  created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE cm_runs (
  id bigserial PRIMARY KEY, candidate_id bigint NOT NULL REFERENCES cm_candidates(id),
  partner_cid text NOT NULL, target text NOT NULL,
  state text NOT NULL DEFAULT 'queued', verdict text, attempt integer NOT NULL DEFAULT 0,
  on_interrupt text NOT NULL DEFAULT 'requeue', worker text, heartbeat_at timestamptz,
  cancel_requested boolean NOT NULL DEFAULT false, error text, queued_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), started_at timestamptz, finished_at timestamptz);
CREATE INDEX cm_runs_partner ON cm_runs (partner_cid, id DESC);
CREATE INDEX cm_runs_running ON cm_runs (state, heartbeat_at);
CREATE TABLE cm_run_events (
  id bigserial PRIMARY KEY, run_id bigint NOT NULL REFERENCES cm_runs(id), attempt integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(), text text NOT NULL);
CREATE INDEX cm_run_events_run ON cm_run_events (run_id, id);
CREATE TABLE cm_artifacts (
  run_id bigint NOT NULL REFERENCES cm_runs(id), name text NOT NULL, content bytea NOT NULL,
  PRIMARY KEY (run_id, name));
CREATE TABLE cm_audit (
  id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), actor text NOT NULL,
  action text NOT NULL, subject text NOT NULL, detail text);
`,
  },
  {
    version: 2,
    name: 'waivers approved in the service',
    sql: `
CREATE TABLE cm_waivers (
  id bigserial PRIMARY KEY, candidate_id bigint NOT NULL REFERENCES cm_candidates(id),
  check_id text NOT NULL, suite text, reason text NOT NULL, expires text NOT NULL,
  approved_by text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
  revoked_by text, revoked_at timestamptz);
CREATE INDEX cm_waivers_candidate ON cm_waivers (candidate_id, id);
`,
  },
  {
    version: 3,
    name: 'run files kept compressed (gzip), as each says; those kept before stay as they were',
    sql: `
ALTER TABLE cm_artifacts ADD COLUMN encoding text NOT NULL DEFAULT 'identity';
`,
  },
];

export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS cm_schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await db.query<{ version: number }>('SELECT version FROM cm_schema_migrations')).map((r) => Number(r.version)));
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    // The version row in the same transaction: a migration is applied whole or not at all.
    // Two processes starting at once: the lock makes the second wait, and its own attempt then fails on what the first made.
    const script = `BEGIN;\nSELECT pg_advisory_xact_lock(2929);\n${m.sql}\nINSERT INTO cm_schema_migrations (version, name) VALUES (${m.version}, '${m.name.replace(/'/g, "''")}');\nCOMMIT;`;
    try {
      await db.exec(script);
      applied.push(m.version);
    } catch (error) {
      await db.exec('ROLLBACK').catch(() => undefined);
      const now = await db.query('SELECT 1 FROM cm_schema_migrations WHERE version = $1', [m.version]);
      if (!now.length) throw error;
    }
  }
  return applied;
}
