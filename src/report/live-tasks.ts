// The live view on a TTY: takes run events, gives a listr2 task list with one task per
// suite ("[3/7] booking-polling — …") that shows the running step ("step 2/14 …") and what
// it waits for, and ends as the suite ends. The runner drives the work; each listr2 task
// only waits for its suite's end event. Candidate text is escaped and cut to one short line.
import { Listr, ListrLogger, ProcessOutput } from 'listr2';
import type { ListrTaskWrapper } from 'listr2';
import type { Writable } from 'node:stream';
import type { Outcome } from '../spec/vocabulary.js';
import type { PlannedSuite, RunEvent, SuiteResult } from '../spec/run-result.js';
import type { Redactor } from '../support/redact.js';
import { escapeForDisplay } from '../support/sanitise.js';
import { formatRemaining } from './remaining.js';
import { Progress, waitingText } from './progress.js';

export { formatRemaining };

interface Deferred {
  promise: Promise<SuiteResult | undefined>;
  resolve: (r: SuiteResult | undefined) => void;
}

function deferred(): Deferred {
  let resolve!: Deferred['resolve'];
  const promise = new Promise<SuiteResult | undefined>((r) => (resolve = r));
  return { promise, resolve };
}

type Task = ListrTaskWrapper<unknown, never, never>;

const STEP_MARK: Readonly<Record<Outcome, string>> = { pass: '✔', fail: '✖', warn: '⚠', skip: '↓', error: '!' };
/** A title or step line: at most this many characters of text (a candidate's included), so listr2 never wraps one. */
const LINE_CHARS = 100;
/** An instruction for a person, or what a step waits for. */
const PROMPT_CHARS = 200;

/** "4m 05s", "12s": the countdown shown while a person is asked to act. */
export class LiveTaskList {
  private readonly ends = new Map<string, Deferred>();
  private readonly tasks = new Map<string, Task>();
  private readonly running: Promise<unknown>;
  private prompt: string | undefined;
  private interrupted = false;
  /** The latest output of a suite whose task has not started yet. */
  private readonly early = new Map<string, string>();
  private readonly progress: Progress;

  constructor(
    suites: PlannedSuite[],
    stdout: Writable,
    private readonly redactor: Redactor,
  ) {
    for (const s of suites) this.ends.set(s.name, deferred());
    this.progress = new Progress(suites);
    const safe = (text: string): string => escapeForDisplay(redactor.text(text), LINE_CHARS);
    const at = (name: string): string => `[${this.progress.suite(name) ?? '?'}] `;
    const logger = new ListrLogger({ processOutput: new ProcessOutput(stdout as NodeJS.WriteStream, stdout as NodeJS.WriteStream) });
    const list = new Listr(
      suites.map((s) => ({
        title: at(s.name) + safe(`${s.name} — ${s.title}`),
        task: async (_ctx: unknown, task: Task): Promise<void> => {
          this.tasks.set(s.name, task);
          // What arrived before listr2 started the task (the first step of the first suite).
          const early = this.early.get(s.name);
          if (early !== undefined) task.output = early;
          const result = await this.ends.get(s.name)!.promise;
          if (!result) return task.skip(at(s.name) + safe(`${s.name} — ${s.title} (${this.interrupted ? 'interrupted' : 'not run'})`));
          const failed = result.checks.filter((c) => c.outcome === 'fail' || c.outcome === 'error').length;
          const warned = result.checks.filter((c) => c.outcome === 'warn').length;
          if (result.skipped) return task.skip(at(s.name) + safe(`${s.name}: ${result.skipped}`));
          task.title = at(s.name) + safe(`${s.name} — ${s.title} (${result.checks.length} checks${warned ? `, ${warned} warning(s)` : ''})`);
          if (failed) throw new Error(at(s.name) + safe(`${s.name}: ${failed} check(s) failed or could not be evaluated`));
        },
      })),
      {
        concurrent: false,
        exitOnError: false,
        registerSignalListeners: false,
        silentRendererCondition: false,
        // The CLI chose the live view for this stream (a terminal that can redraw, see
        // useLiveView); listr2 would otherwise judge by process.stdout, not the run's stream.
        renderer: 'default',
        fallbackRendererCondition: false,
        // Whichever renderer listr2 picks, it writes to the reporter's stream (the run's stdout).
        rendererOptions: { collapseSubtasks: false, logger },
        fallbackRendererOptions: { logger },
      } as never,
    );
    this.running = list.run().catch(() => undefined);
  }

  private safe(text: string, max = LINE_CHARS): string {
    return escapeForDisplay(this.redactor.text(text), max);
  }

  private show(suite: string, text: string): void {
    const task = this.tasks.get(suite);
    if (task) task.output = text;
    else this.early.set(suite, text);
  }

  onEvent(event: RunEvent): void {
    if (event.type === 'step-start') {
      this.show(event.suite, `${this.progress.stepLabel(event.suite, event.step)}: ${this.safe(event.title)}`);
    } else if (event.type === 'step-end') {
      // The finished step's own mark (its outcome), until the next step starts.
      const note = event.note ? ` — ${this.safe(event.note.split('\n')[0] ?? '')}` : '';
      this.show(event.suite, `${STEP_MARK[event.outcome]} ${this.progress.stepLabel(event.suite, event.step)}${note}`);
    } else if (event.type === 'prompt') {
      this.prompt = this.safe(event.message, PROMPT_CHARS);
      this.show(event.suite, this.prompt);
    } else if (event.type === 'waiting') {
      const wait = `${this.progress.stepLabel(event.suite, event.step)} · ${this.safe(waitingText(event), PROMPT_CHARS)}`;
      this.show(event.suite, this.prompt ? `${this.prompt} — ${wait}` : wait);
    } else if (event.type === 'suite-end') {
      this.ends.get(event.result.name)?.resolve(event.result);
    } else if (event.type === 'run-end') {
      for (const d of this.ends.values()) d.resolve(undefined);
    }
  }

  /** Ends the list: suites still waiting show as not run (or interrupted, after Ctrl-C); resolves after the last frame. */
  async done(interrupted = false): Promise<void> {
    this.interrupted ||= interrupted;
    for (const d of this.ends.values()) d.resolve(undefined);
    await this.running;
  }
}
