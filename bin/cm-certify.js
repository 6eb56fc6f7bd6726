#!/usr/bin/env node
// cm-certify entry point. `--version` is answered here without loading the CLI, so the
// most common scripted call starts as fast as Node itself; everything else loads the
// compiled CLI (dist/src/bundle, see src/build/bundle-cli.ts: shipped in the package; in a
// clone, built by `npm run build` or `npm test`).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else {
  let cli;
  try {
    cli = await import('../dist/src/bundle/main.js');
  } catch (error) {
    process.stderr.write(`cm-certify is not built (${error.code ?? error.message}); run \`npm run build\` in its directory.\n`);
    process.exit(3);
  }
  await cli.runProcess(args);
}
