// The `yaml` package, loaded the first time a YAML text is read: takes nothing, gives the
// module, so that a command that reads no YAML (built-in suites come compiled) never loads it.
import { createRequire } from 'node:module';

type YamlModule = typeof import('yaml');
const require = createRequire(import.meta.url);
let yamlModule: YamlModule | undefined;

export function yamlLib(): YamlModule {
  yamlModule ??= require('yaml') as YamlModule;
  return yamlModule;
}
