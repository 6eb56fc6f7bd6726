// What an unrendered suite template looks like in a report: `${` followed by one of the
// template language's own names (profile, settings, captures...), as the suite parser
// knows them. A candidate's own `${...}` text (hostile data) is not the harness's fault
// and names none of them.
const TEMPLATE_ROOTS = [
  'profile',
  'fixtures',
  'captures',
  'property',
  'run',
  'settings',
  'response',
  'request',
  'status',
  'started_at',
  'finished_at',
  'received_at',
  'exchange',
  'item',
  'booking',
];
const UNRENDERED = new RegExp(String.raw`\$\{\s*(?:${TEMPLATE_ROOTS.join('|')})\b[^}]{0,80}\}`, 'g');

export function findUnrendered(text: string): string[] {
  return [...text.matchAll(UNRENDERED)].map((m) => m[0]);
}
