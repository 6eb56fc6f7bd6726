// Blocked steps folded (plain terminal output): takes the step-end events of a run, gives one
// run of blocked steps per suite and cause to print as one line ("↓ 3/14..14/14 12 steps
// blocked — Blocked: ..."), instead of a line per blocked step (issue 28: 103 "Blocked" lines).
import type { RunEvent } from '../spec/run-result.js';

type StepEnd = Extract<RunEvent, { type: 'step-end' }>;

export interface BlockedRun {
  suite: string;
  first: string;
  last: string;
  count: number;
  note: string;
}

/** Whether the step did not run because an earlier step blocked it. */
export function isBlockedStep(event: StepEnd): boolean {
  return event.outcome === 'skip' && (event.note ?? '').startsWith('Blocked:');
}

export class BlockedFold {
  private open: BlockedRun | undefined;

  /** Folds a blocked step in; gives the run it ends (another suite or cause), to print now. */
  add(event: StepEnd): BlockedRun | undefined {
    const note = event.note ?? '';
    const open = this.open;
    if (open && open.suite === event.suite && open.note === note) {
      open.last = event.step;
      open.count += 1;
      return undefined;
    }
    this.open = { suite: event.suite, first: event.step, last: event.step, count: 1, note };
    return open;
  }

  /** Ends the open run of blocked steps, when there is one. */
  end(): BlockedRun | undefined {
    const open = this.open;
    this.open = undefined;
    return open;
  }
}
