// Where a run is: takes the run's plan (run-start's suites and their steps) and its events,
// gives the position texts both terminal views print ("suite 3/7", "step 2/14") and the
// heartbeat's sentence: what the run waits for, what ends the wait and when the deadline is
// ("waiting for the PMS's GetBookingList; ends at the first one or at 12:05:00 (deadline,
// 4m 10s left)"). Pure: the views decide where the texts go.
import type { PlannedSuite, RunEvent } from '../spec/run-result.js';
import { formatRemaining } from './remaining.js';

type Waiting = Extract<RunEvent, { type: 'waiting' }>;

/** "12:05:00", the local wall-clock time of an instant on the run's clock. */
/** "14:05:09 UTC+01:00": local time with its zone, so a log read elsewhere (a CI job's) says when (issue 28 item 18). */
export function clockTime(ms: number): string {
  const d = new Date(ms);
  const time = [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  const offset = -d.getTimezoneOffset();
  if (offset === 0) return `${time} UTC`;
  const abs = Math.abs(offset);
  return `${time} UTC${offset > 0 ? '+' : '-'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export class Progress {
  private readonly suites: PlannedSuite[];
  /** Each suite's step ids with their place, made at the first look: one lookup per step line, not a search of the plan. */
  private readonly places = new Map<string, { count: number; at: Map<string, number> }>();

  constructor(suites: readonly PlannedSuite[]) {
    this.suites = [...suites];
  }

  /** "3/7", or undefined for a suite not in the plan. */
  suite(name: string): string | undefined {
    const i = this.suites.findIndex((s) => s.name === name);
    return i < 0 ? undefined : `${i + 1}/${this.suites.length}`;
  }

  /** "2/14": the step's place among its suite's steps. */
  step(suite: string, step: string): string | undefined {
    let places = this.places.get(suite);
    if (!places) {
      const steps = this.suites.find((p) => p.name === suite)?.steps ?? [];
      const at = new Map<string, number>();
      // The first of a repeated id, as a search of the plan finds.
      for (const [j, s] of steps.entries()) if (!at.has(s.id)) at.set(s.id, j);
      places = { count: steps.length, at };
      this.places.set(suite, places);
    }
    const j = places.at.get(step);
    return j === undefined ? undefined : `${j + 1}/${places.count}`;
  }

  /** "suite 3/7 booking-polling" */
  suiteLabel(name: string): string {
    const at = this.suite(name);
    return at ? `suite ${at} ${name}` : name;
  }

  /** "step 2/14 booking-fetched" */
  stepLabel(suite: string, step: string): string {
    const at = this.step(suite, step);
    return at ? `step ${at} ${step}` : step;
  }
}

/**
 * The heartbeat's sentence: what the run waits for, what ends the wait (when the step says),
 * and the deadline as a clock time with the time left. Candidate text never reaches it:
 * `what` and `ends` are the harness's words about the step.
 */
export function waitingText(event: Waiting): string {
  const left = formatRemaining(event.remainingMs);
  const what = event.what ?? 'waiting';
  if (event.deadlineAt === undefined) return `${what}: ${left} left`;
  if (!event.ends) return `${what}; ends at ${clockTime(event.deadlineAt)} (${left} left)`;
  return `${what}; ends ${event.ends} or at ${clockTime(event.deadlineAt)} (deadline, ${left} left)`;
}
