// Preloaded with `node --import` by test/cli/lazy-modules.test.ts: registers load-hooks.mjs,
// which appends the URL of every ES module the process loads to $CM_MODULE_LOG, and logs
// every CommonJS require() (as "cjs:<request>"), which the ES module hooks do not see.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

register('./load-hooks.mjs', import.meta.url);

const log = process.env.CM_MODULE_LOG;
if (log) {
  const load = Module._load;
  Module._load = function loadLogged(request, ...rest) {
    appendFileSync(log, `cjs:${request}\n`);
    return load.call(this, request, ...rest);
  };
}
