// WebAssembly left on V8's baseline code in a `run` or `serve` process: takes the command's
// arguments, gives nothing; sets V8's tiering budget so that no WebAssembly function of the
// process is compiled again by the optimizing compiler.
//
// The only WebAssembly these commands run is undici's HTTP parser (llhttp), compiled once per
// process at the first connection. V8 compiles it with Liftoff and, once the parser is hot,
// again with TurboFan on background threads: on this machine (Node 20) about 60 ms of CPU and
// 35 MB of peak RSS per process, and a process that ends soon after its first requests (a
// `run --grep` child) waits about 45 ms at its exit for that compile. The Liftoff parser costs
// no more over 3,000 requests (780 ms of CPU for the whole process either way). The budget is
// V8's rough count of the bytes a function executes before it is tiered up; each instance
// reads it when it is made, so the service (PGlite, a WebAssembly Postgres) is not touched: it
// runs in the `service` and `worker` commands only. A process started with a WebAssembly flag
// of its own (node --…, NODE_OPTIONS) is left as it is.
import { setFlagsFromString } from 'node:v8';

/** The largest value V8 takes for the budget (an int): a function tiers up after about 2 GB executed. */
const NO_TIER_UP = 2_147_483_647;

const COMMANDS: ReadonlySet<string> = new Set(['run', 'serve']);

export function keepWasmOnBaseline(argv: readonly string[], execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  if (!COMMANDS.has(argv[0] ?? '')) return false;
  if ([...execArgv, nodeOptions ?? ''].some((arg) => /wasm|liftoff/.test(arg))) return false;
  setFlagsFromString(`--wasm-tiering-budget=${NO_TIER_UP}`);
  return true;
}
