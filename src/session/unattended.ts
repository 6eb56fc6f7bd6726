// A run nobody can act on: takes the suites, the profile and whether a person is at the
// terminal, gives a usage error (exit 2) before anything waits when a step would ask a
// person to act (connect the property, change a room) that no hook of the profile does and
// nobody is there to read the instruction: such a run would wait out the step's whole
// deadline (30 minutes for setup) for nothing.
import { UsageError } from '../support/errors.js';
import type { Profile } from '../profile/types.js';
import type { Suite } from '../suite/types.js';

interface Unmet {
  hook: string;
  suite: string;
  step: string;
}

function declares(wanted: readonly string[] | undefined, profile: Profile): boolean {
  return (wanted ?? []).every((c) => profile.capabilities.includes(c));
}

/** Steps that would show an instruction for a person: their hook is not in the profile, and they run. */
export function stepsNeedingAPerson(suites: readonly Suite[], profile: Profile): Unmet[] {
  return suites.flatMap((suite) =>
    declares(suite.requires?.capabilities, profile)
      ? suite.steps.flatMap((step) => {
          const action = step.kind === 'expect_request' ? step.action : undefined;
          if (!action?.prompt || !action.hook || profile.hooks[action.hook] || !declares(step.when?.capabilities, profile)) return [];
          return [{ hook: action.hook, suite: suite.name, step: step.id }];
        })
      : [],
  );
}

export function assertSomeoneCanAct(suites: readonly Suite[], profile: Profile, attended: boolean | undefined): void {
  if (attended !== false) return;
  const unmet = stepsNeedingAPerson(suites, profile);
  if (unmet.length === 0) return;
  const hooks = [...new Set(unmet.map((u) => u.hook))];
  const steps = unmet.map((u) => `${u.suite}/${u.step}`).join(', ');
  throw new UsageError(
    [
      `nobody can act on this run: stdin is not a terminal, and the profile has no hooks.${hooks.join(', hooks.')} for the step(s) that ask a person to act (${steps}); the run would wait out their deadlines.`,
      'To run unattended, give the profile the hook(s): an HTTP request or a command that makes your PMS do it, e.g.',
      `  hooks:`,
      `    ${hooks[0]}:`,
      `      http: { method: POST, url: https://pms.example.test/test/${hooks[0] === 'start_setup' ? 'connect-channel-manager' : 'sync-property'} }`,
      `If your PMS does it by itself once it knows the channel manager URL, a hook that does nothing will do: ${hooks[0]}: { command: "true" }.`,
      'Or run cm-certify from a terminal, where it prints the instruction and waits for you.',
    ].join('\n'),
  );
}
