// Scans written reports for text a person should never see: an unrendered `${...}` template
// in any message, title or evidence. Takes a report directory (and the terminal output),
// gives the offending excerpts. The HTML report's own script is left out (it is code).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// A curl reproduction names a secret as a shell variable, "${CM_SHARED_SECRET}" (upper case,
// never a template's name): that is the harness's own text, not an unrendered template.
const TEMPLATE = /\$\{(?![A-Z_][A-Z0-9_]*\})[^}]*\}/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

export function unrenderedTemplates(dir: string, terminal = ''): string[] {
  const found: string[] = [];
  const scan = (where: string, text: string): void => {
    for (const m of text.matchAll(TEMPLATE)) found.push(`${where}: ${text.slice(Math.max(0, m.index - 60), m.index + m[0].length + 20)}`);
  };
  for (const file of files(dir)) {
    let text = readFileSync(file, 'utf8');
    if (file.endsWith('.html')) text = text.replace(/<script\b[\s\S]*?<\/script>/g, '');
    scan(file, text);
  }
  scan('terminal', terminal);
  return found;
}

/** How many report files a directory holds (a scan of nothing proves nothing). */
export function reportFiles(dir: string): string[] {
  return files(dir).filter((f) => /\.(json|xml|html)$/.test(f));
}
