// A real Postgres server for a test: takes nothing, gives a fresh cluster (Debian's
// postgresql binaries, installed by .ci/install-postgres.sh) started in a folder of its own
// on 127.0.0.1 and a free port, no Unix socket, trust authentication for the local test user;
// `stop` shuts it down and removes the folder. As root, the server runs as the `postgres`
// user (Postgres refuses root), in a folder outside the test's private temp root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresServer {
  url: string;
  /** Stops the server, keeping its data (a database outage). */
  pause(): void;
  /** Starts it again on the same port. */
  resume(): void;
  /** pg_dump of the database to a file; psql of a dump into a new database (its URL). */
  dump(file: string): void;
  restore(file: string, database: string): string;
  stop(): void;
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("no Postgres server binaries in /usr/lib/postgresql: run .ci/install-postgres.sh (Debian's postgresql)");
  return join(base, newest, 'bin');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(root ? '/var/tmp' : tmpdir(), 'cm-certify-pg-'));
  const data = join(dir, 'data');
  const as = (args: string[]): string[] => (root ? ['runuser', '-u', 'postgres', '--', ...args] : args);
  const run = (args: string[]): void => {
    const [command, ...rest] = as(args);
    const done = spawnSync(command!, rest, { encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`${args.join(' ')}: ${done.stderr || done.stdout}`);
  };
  if (root)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  const port = await freePort();
  const start = (): void =>
    run([
      join(bin, 'pg_ctl'),
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c max_connections=60`,
      'start',
    ]);
  const url = (database: string): string => `postgres://cm@127.0.0.1:${port}/${database}`;
  try {
    run([join(bin, 'initdb'), '-D', data, '-U', 'cm', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: url('postgres'),
    pause: () => run([join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    dump(file) {
      const done = spawnSync(join(bin, 'pg_dump'), ['--dbname', url('postgres'), '--file', file], { encoding: 'utf8' });
      if (done.status !== 0) throw new Error(`pg_dump: ${done.stderr}`);
    },
    restore(file, database) {
      for (const args of [
        ['--dbname', url('postgres'), '-c', `CREATE DATABASE ${database}`],
        ['--dbname', url(database), '-v', 'ON_ERROR_STOP=1', '-q', '-f', file],
      ]) {
        const done = spawnSync('psql', args, { encoding: 'utf8' });
        if (done.status !== 0) throw new Error(`psql: ${done.stderr}`);
      }
      return url(database);
    },
    stop() {
      try {
        run([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
