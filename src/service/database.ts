// The service's database: takes a data folder (PGlite, embedded Postgres in DATA/pglite) or a
// postgres:// URL (a pool of node-postgres connections), gives one small interface — query
// with $1 parameters, exec of a script, close — and the adapter pg-boss runs its queue through,
// so nothing above knows which of the two it has (ADRs 0030, 0031): one SQL dialect.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Row = Record<string, unknown>;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** One statement with $1… parameters; its rows. */
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** A script of statements without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** What pg-boss sends its SQL through. */
  readonly boss: { executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[]; rowCount: number }> };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** The data folder: the embedded database lives in DATA/pglite. */
  data?: string | undefined;
  /** A postgres:// URL: a real Postgres instead of the embedded one. */
  url?: string | undefined;
  /** Connections in the pool (Postgres only). */
  poolSize?: number | undefined;
}

async function openPglite(data: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = join(data, 'pglite');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pg = await PGlite.create(dir);
  const query = async <T extends Row>(text: string, params?: readonly unknown[]): Promise<T[]> => (await pg.query<T>(text, params ? [...params] : [])).rows;
  return {
    kind: 'pglite',
    query,
    exec: async (text) => void (await pg.exec(text)),
    boss: {
      executeSql: async (text, values) => {
        if (values?.length) {
          const rows = await query(text, values);
          return { rows, rowCount: rows.length };
        }
        const results = await pg.exec(text);
        const rows = (results.at(-1)?.rows ?? []) as Row[];
        return { rows, rowCount: rows.length };
      },
    },
    close: () => pg.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server drops is an event, not a crash; the next query reconnects.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  const query = async <T extends Row>(text: string, params?: readonly unknown[]): Promise<T[]> =>
    (await pool.query(text, params ? [...params] : [])).rows as T[];
  return {
    kind: 'postgres',
    query,
    exec: async (text) => void (await pool.query(text)),
    boss: {
      executeSql: async (text, values) => {
        const result = await pool.query(text, values);
        const last = Array.isArray(result) ? (result.at(-1) as typeof result) : result;
        return { rows: last.rows as Row[], rowCount: last.rowCount ?? last.rows.length };
      },
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  if (!options.data) throw new Error('openDatabase: give a data folder or a postgres:// URL');
  return openPglite(options.data);
}
