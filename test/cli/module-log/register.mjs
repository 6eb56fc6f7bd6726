// Preloaded with `node --import` by test/cli/lazy-modules.test.ts: registers load-hooks.mjs,
// which appends the URL of every ES module the process loads to $CM_MODULE_LOG.
import { register } from 'node:module';

register('./load-hooks.mjs', import.meta.url);
