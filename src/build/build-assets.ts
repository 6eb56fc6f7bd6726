// The build step after tsc (`npm run build`): takes the package's suites/, built-in profiles
// and schema definitions, writes what a run would otherwise compute on every start:
// dist/suites (the built-in suites as JSON, see compile-suites.ts), dist/profiles (the
// built-in profiles' values, see compile-profiles.ts) and dist/schemas (Ajv standalone
// validators, see compile-schemas.ts), then dist/src/bundle (the package's code in a few files,
// see bundle-cli.ts). Prints warnings; fails only on a bug.
import { fileURLToPath } from 'node:url';
import { packagePath } from '../support/package-root.js';
import { compileSchemas } from './compile-schemas.js';
import { compileSuites } from './compile-suites.js';
import { compileProfiles } from './compile-profiles.js';
import { bundleCli } from './bundle-cli.js';

const distDir = fileURLToPath(new URL('../../', import.meta.url));

const suites = compileSuites(packagePath('suites'), `${distDir}suites`);
for (const warning of suites.warnings) process.stderr.write(`warning: ${warning}\n`);
process.stdout.write(`build: ${suites.compiled} built-in suites compiled to dist/suites\n`);
const profiles = compileProfiles(packagePath('fixtures', 'profiles'), `${distDir}profiles`);
for (const warning of profiles.warnings) process.stderr.write(`warning: ${warning}\n`);
process.stdout.write(`build: ${profiles.compiled} built-in profiles compiled to dist/profiles\n`);
const schemas = compileSchemas(`${distDir}schemas`);
process.stdout.write(`build: ${schemas.messages} message schemas and ${schemas.formats} suite/profile schemas compiled to dist/schemas\n`);
const bundle = await bundleCli(packagePath());
process.stdout.write(`build: ${bundle.modules} compiled modules bundled into ${bundle.files} files in dist/src/bundle\n`);
