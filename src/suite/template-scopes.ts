// Template scopes of a suite step: takes a step field and the step's loop variable, gives the
// names that field's templates may use (the run's inputs; in loops the loop variable; in
// captures and checks the exchange too). The sets are made once per loop variable name.
/** Which names a step field's templates may use: the run's inputs, plus the loop variable, plus the exchange. */
export type TemplateScope = 'input' | 'loop' | 'capture';
export const TEMPLATE_FIELDS: ReadonlyArray<readonly [string, TemplateScope]> = [
  ['body', 'loop'],
  ['read_back', 'capture'],
  ['query', 'loop'],
  ['input', 'loop'],
  ['within', 'input'],
  ['wait', 'input'],
  ['traffic', 'input'],
  ['for_each', 'input'],
  ['limit', 'input'],
  ['capture', 'capture'],
  ['where', 'loop'],
  ['action', 'input'],
  ['checks', 'capture'],
  ['mock', 'loop'],
  ['when', 'input'],
  ['with', 'input'],
];
const INPUT_ROOTS: ReadonlySet<string> = new Set(['profile', 'fixtures', 'captures', 'property', 'run', 'settings']);
const EXCHANGE_ROOTS = ['response', 'request', 'status', 'started_at', 'finished_at', 'received_at', 'exchange', 'read'];
/** Root sets by loop variable name, made once per name rather than once per step. */
const loopRoots = new Map<string, { loop: ReadonlySet<string>; capture: ReadonlySet<string> }>();

export function templateRoots(scope: TemplateScope, loopVar: string): ReadonlySet<string> {
  if (scope === 'input') return INPUT_ROOTS;
  let sets = loopRoots.get(loopVar);
  if (!sets) {
    const loop = new Set([...INPUT_ROOTS, loopVar]);
    sets = { loop, capture: new Set([...loop, ...EXCHANGE_ROOTS]) };
    loopRoots.set(loopVar, sets);
  }
  return sets[scope];
}
