// The command line: takes argv, wires commander flags to the command functions, and is
// the one place that decides the process's exit code (the bin calls process.exit with
// it). Ctrl-C/SIGTERM abort the run; the partial report is still written.
import { Command, Option } from 'commander';
import { errorMessage, InputError } from '../support/errors.js';
import { harnessVersion } from '../support/package-root.js';
import { EXIT } from '../session/exit-codes.js';
import { exitCodeForError } from './exit-codes.js';
import type { CliIo } from './io.js';
import { processIo } from './io.js';
import { visibleControls } from '../support/sanitise.js';
import { runOptions } from './run-options.js';
import { keepWasmOnBaseline } from './wasm-tiering.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const HELP_FOOTER = `
Exit codes:
  0  every required check passed or was waived (certified, certified-with-waivers; also
     passed-partial and passed-insecure, which certify nothing: gate on the word, or use --require)
  1  not certified (a required check failed); with --require, any verdict it refuses
  2  usage, profile or suite error (the message names file, line and field)
  3  the run could not complete (candidate unreachable, interrupted, harness fault)

Examples:
  $ cm-certify run --target ota --reference                 certify the built-in reference OTA
  $ cm-certify init --target ota                            write a commented profile template
  $ cm-certify run --target ota --profile ota.yaml --reporter json --reporter junit
  $ cm-certify run --target ota --profile ota.yaml --suite setup --suite ./my-suite.yaml
  $ cm-certify list --target ota                            suites and checks with levels and spec sections
  $ cm-certify validate --operation ARIUpdate --kind request body.json
  $ cm-certify schemas --out ./schemas
  $ cm-certify schemas --openapi api.openapi.json          the whole API as OpenAPI 3.1
  $ cm-certify verify-report cm-certify-report/report.html  was the report altered since it was written?
  $ cm-certify keys generate --out ~/.cm-certify              the onboarding team's signing key
  $ cm-certify run --target ota --profile ota.yaml -r json --sign-key ~/.cm-certify/cm-certify-signing.key --require certified
  $ cm-certify verify-report report.json --trust team.pub --require certified --cid acme1
  $ cm-certify diff last/report.json cm-certify-report/report.json
  $ cm-certify serve reference-ota --port 8443
  $ cm-certify serve reference-pms --cm-url https://127.0.0.1:9200 --ca MOCK_CERT.pem --start
`;

function targetOption(): Option {
  return new Option('-t, --target <target>', 'which side the candidate implements').choices(['ota', 'pms']);
}

function buildProgram(io: CliIo, setExit: (code: number) => void): Command {
  const program = new Command('cm-certify')
    .description('Certification conformance harness for the Channel Manager / PMS Integration API')
    .version(harnessVersion(), '-V, --version')
    .addHelpText('after', HELP_FOOTER)
    .showHelpAfterError('(run cm-certify --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });

  const run = program.command('run').description('run the certification suites against a candidate and print the verdict').addOption(targetOption());
  for (const option of runOptions()) run.addOption(option);
  run.addHelpText('after', '\nProxies: HTTP_PROXY, HTTPS_PROXY and NO_PROXY are honoured for the requests to the candidate.\n').action(async (opts) => {
    const { runCommand } = await import('./commands/run.js');
    setExit((await runCommand(opts, io)).exitCode);
  });

  program
    .command('serve')
    .description('serve a built-in candidate (reference-ota, reference-pms) until Ctrl-C')
    .argument('<candidate>', 'reference-ota or reference-pms')
    .option('--cm-url <url>', 'reference-pms: the channel manager it connects to')
    .option('--ca <file>', 'reference-pms: the channel manager certificate (the PEM file `run --target pms` prints) or its CA')
    .option('--start', 'reference-pms: connect at once instead of waiting for the start_setup hook')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <port>', 'port to bind (0 = any free port)')
    .option('--http', 'plain HTTP instead of the test-only TLS certificate')
    .option('--tls-cert <file>', 'your own certificate (PEM)')
    .option('--tls-key <file>', 'its key (PEM)')
    .option('--ca-dir <folder>', 'reference-ota: keep its test CA here between starts (default: the cache folder, CM_CERTIFY_CACHE_DIR or ~/.cache/cm-certify)')
    .option('--variant <name>', 'serve a deliberately broken variant (repeatable)', collect)
    .action(async (candidate: string, opts) => {
      const { serveCommand } = await import('./commands/serve.js');
      setExit(await serveCommand({ candidate, ...opts }, io));
    });

  const serviceHelp = `
Tokens: CM_SERVICE_TOKEN (set when the service starts) is an admin bearer token. Make others with
  curl -H "Authorization: Bearer $CM_SERVICE_TOKEN" -H 'content-type: application/json' \\
       -d '{"name":"ci"}' URL/api/tokens                     (an admin token for CI or a script)
       -d '{"name":"acme","role":"partner","partner_cid":"acme"}'  (a partner's read-only link)
  each shown once. Secrets are sealed with CM_SERVICE_SECRET_KEY (default: DIR/secret.key).
Scale out: --database postgres://… here, and \`cm-certify worker --database postgres://…\` elsewhere.
OIDC: --oidc-issuer URL --oidc-client-id ID, CM_OIDC_CLIENT_SECRET, optionally CM_OIDC_ALLOWED=@example.com,ana@x.org;
  register DIR's URL + /login/oidc/callback as the redirect URI at the issuer.
`;
  program
    .command('service')
    .description('the onboarding service: web pages, JSON API and a worker in one process, until Ctrl-C')
    .option('--data <dir>', 'data folder: the embedded database (PGlite), the secret key, run files')
    .option('--database <url>', 'a postgres:// URL instead of the embedded database')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <port>', 'port to bind (0 = any free port)', '8420')
    .option('--concurrency <n>', 'runs the in-process worker holds at once', '4')
    .option('--no-worker', 'no worker in this process (cm-certify worker takes the runs)')
    .option('--on-interrupt <what>', 'a run whose worker dies: requeue (default) or incomplete')
    .option('--heartbeat <ms>', "how often a running run's heartbeat is written (a run is interrupted after 5 missed)", '2000')
    .option('--start-interval <ms>', 'least time between two runs starting on the worker (runs queued together do not all start in one second)', '1000')
    .option('--oidc-issuer <url>', 'offer OIDC login with this issuer (or CM_OIDC_ISSUER); the client secret comes from CM_OIDC_CLIENT_SECRET')
    .option('--oidc-client-id <id>', 'the client id registered at the issuer (or CM_OIDC_CLIENT_ID)')
    .option('--mock-host <host>', "address the PMS runs' channel manager binds (one HTTPS port for every PMS run)", '127.0.0.1')
    .option('--mock-port <port>', "port of the PMS runs' channel manager (0 = any free port)", '8421')
    .option('--mock-public-host <name>', "host name in the channel manager's URLs and certificate (default: --mock-host)")
    .addHelpText('after', serviceHelp)
    .action(async (opts) => {
      const { serviceCommand } = await import('./commands/service.js');
      setExit(await serviceCommand(opts, io));
    });

  program
    .command('worker')
    .description("take runs from the service's queue on a real Postgres, until Ctrl-C")
    .requiredOption('--database <url>', "the service's postgres:// URL")
    .option('--data <dir>', 'where runs keep their files while they run')
    .option('--name <name>', 'the name the service shows for this worker (default host:pid)')
    .option('--concurrency <n>', 'runs held at once (a PMS run mostly waits)', '4')
    .option('--heartbeat <ms>', "how often a running run's heartbeat is written", '2000')
    .option('--start-interval <ms>', 'least time between two runs starting on this worker', '1000')
    .option('--mock-host <host>', "address the PMS runs' channel manager binds (one HTTPS port for every PMS run)", '127.0.0.1')
    .option('--mock-port <port>', "port of the PMS runs' channel manager (0 = any free port)", '8421')
    .option('--mock-public-host <name>', "host name in the channel manager's URLs and certificate (default: --mock-host)")
    .action(async (opts) => {
      const { workerCommand } = await import('./commands/service.js');
      setExit(await workerCommand(opts, io));
    });

  program
    .command('list')
    .description('list suites and checks with level and spec section')
    .addOption(targetOption())
    .option('--json', 'machine-readable output')
    .option('--rules', 'spec rule and clause -> checks of both targets, with why a clause without a check is not checked')
    .action(async (opts) => {
      const { listCommand } = await import('./commands/list.js');
      setExit(listCommand(opts, io));
    });

  program
    .command('validate')
    .description('validate a payload against the spec schemas (or check a suite or profile file)')
    .argument('[file]', 'JSON payload to validate')
    .option('--operation <name>', 'operation or callback name, e.g. ARIUpdate')
    .addOption(new Option('--kind <kind>', 'request or response').choices(['request', 'response']))
    .option('--suite <file>', 'check a suite file instead')
    .option('--profile <file>', 'check a profile file instead')
    .action(async (file: string | undefined, opts) => {
      const { validateCommand } = await import('./commands/validate.js');
      setExit(await validateCommand({ ...opts, file }, io));
    });

  program
    .command('schemas')
    .description('write every JSON Schema (operations, callbacks, suite and profile formats)')
    .option('--out <dir>', 'directory to write the .schema.json files to')
    .option('--openapi <file>', 'write an OpenAPI 3.1 document of the whole API to FILE')
    .action(async (opts) => {
      const { schemasCommand } = await import('./commands/schemas.js');
      setExit(schemasCommand(opts, io));
    });

  program
    .command('verify-report')
    .description('check that a report.json or report.html matches its certificate and its own checks; who it certifies; whether a trusted key signed it')
    .argument('<file>', 'report.json or report.html written by `run`')
    .option('--trust <pubkey...>', 'public key files (cm-certify-signing.pub) whose signature is trusted; exit 1 unless one of them signed')
    .addOption(
      new Option('--require <verdict>', 'exit 1 unless the certificate says this verdict (and is signed by a --trust key, when given)').choices([
        'certified',
        'certified-with-waivers',
      ]),
    )
    .option('--cid <pms_cid>', 'exit 1 unless the certificate names this pms_cid')
    .option('--base-url <url>', 'exit 1 unless the certificate names this candidate base URL')
    .option('--allow-unsigned', 'with --require and no --trust: accept a report no trusted key signed (a self-assessment; anyone can rewrite one)')
    .addHelpText(
      'after',
      '\nExit codes: 0 intact (and every --trust/--require condition met), 1 altered, signature invalid, not signed by a trusted key, or refused by --require (which needs --trust, or --allow-unsigned), 2 unreadable, not a cm-certify report, or a bad key file\n',
    )
    .action(async (file: string, opts) => {
      const { verifyReportCommand } = await import('./commands/verify-report.js');
      setExit(await verifyReportCommand({ file, ...opts }, io));
    });

  program
    .command('diff')
    .description('what changed between two runs: newly failing, fixed, changed-level, added and removed checks, and the verdict')
    .argument('<old>', 'the earlier report.json (or report.html)')
    .argument('<new>', 'the later one')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      '\nBoth files are verified first (as verify-report does).\nExit codes: 0 nothing got worse, 1 something got worse (a new failure, a worse verdict), 2 unreadable input, an altered report, or reports of different targets\n',
    )
    .action(async (older: string, newer: string, opts) => {
      const { diffCommand } = await import('./commands/diff.js');
      setExit(await diffCommand({ old: older, new: newer, json: opts.json === true }, io));
    });

  const keys = program.command('keys').description('signing keys for certificates');
  keys
    .command('generate')
    .description('make an Ed25519 key pair: cm-certify-signing.key (private, mode 0600) and cm-certify-signing.pub')
    .option('--out <dir>', 'folder to write them to', '.')
    .action(async (opts) => {
      const { keysGenerateCommand } = await import('./commands/keys.js');
      setExit(keysGenerateCommand({ out: opts.out }, io));
    });
  keys
    .command('id')
    .description("print a key file's id (the one certificates and verify-report name)")
    .argument('<file>', 'a public key file (or the private key file)')
    .action(async (file: string) => {
      const { keysIdCommand } = await import('./commands/keys.js');
      setExit(keysIdCommand({ file }, io));
    });

  program
    .command('init')
    .description('write a commented profile template')
    .addOption(targetOption().default('ota'))
    .option('--out <file>', 'where to write it (default cm-certify.<target>.yaml)')
    .option('--force', 'overwrite an existing file')
    .action(async (opts) => {
      const { initCommand } = await import('./commands/init.js');
      setExit(initCommand(opts, io));
    });

  return program;
}

/** Runs the CLI; resolves with the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  let exitCode = 0;
  const program = buildProgram(io, (code) => (exitCode = code));
  if (argv.length === 0) {
    // No command is a usage error: say what there is to run.
    io.stderr.write(program.helpInformation());
    return EXIT.usage;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') return EXIT.certified;
    if (typeof code === 'string' && code.startsWith('commander.')) return EXIT.usage;
    const prefix = error instanceof InputError ? 'error' : 'cm-certify could not complete';
    io.stderr.write(`${prefix}: ${visibleControls(errorMessage(error))}\n`);
    if (!(error instanceof InputError) && io.env.CM_CERTIFY_DEBUG) io.stderr.write(`${(error as Error).stack ?? ''}\n`);
    return exitCodeForError(error);
  }
}

/** The process entry: signals abort the run, and this is the only process.exit. */
export async function runProcess(argv: string[]): Promise<void> {
  keepWasmOnBaseline(argv, process.execArgv, process.env.NODE_OPTIONS);
  const controller = new AbortController();
  let signals = 0;
  // During `run` the terminal reporter prints the notice (after the live view's last frame,
  // so no line is drawn twice); elsewhere it is printed here.
  const reporterSaysIt = argv[0] === 'run';
  const onSignal = (name: NodeJS.Signals): void => {
    signals++;
    if (signals > 1) process.exit(EXIT.incomplete);
    if (!reporterSaysIt) process.stderr.write(`\n${name}: stopping…\n`);
    controller.abort(new Error(`interrupted by ${name}`));
  };
  // `cm-certify … | head`: a reader that goes away is not a crash (no EPIPE stack trace).
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const io = { ...processIo(), signal: controller.signal };
  const code = await main(argv, io);
  process.exitCode = controller.signal.aborted && code === 0 ? EXIT.incomplete : code;
  // Let stdout drain, then leave even if a stray handle (a stuck socket) is still open.
  setTimeout(() => process.exit(process.exitCode), 50).unref();
}
