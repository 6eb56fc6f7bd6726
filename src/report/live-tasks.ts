// The live view on a TTY: takes run events, gives a listr2 task list with one task per
// suite that shows the running step and ends as the suite ends. The runner drives the
// work; each listr2 task only waits for its suite's end event.
import { Listr, ListrLogger, ProcessOutput } from 'listr2';
import type { ListrTaskWrapper } from 'listr2';
import type { Writable } from 'node:stream';
import type { PlannedSuite, RunEvent, SuiteResult } from '../runner/types.js';
import type { Redactor } from '../support/redact.js';

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

/** "4m 05s", "12s": the countdown shown while a person is asked to act. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const sec = total % 60;
  return m > 0 ? `${m}m ${String(sec).padStart(2, '0')}s` : `${sec}s`;
}

export class LiveTaskList {
  private readonly ends = new Map<string, Deferred>();
  private readonly tasks = new Map<string, Task>();
  private readonly running: Promise<unknown>;
  private prompt: string | undefined;

  constructor(suites: PlannedSuite[], stdout: Writable, private readonly redactor: Redactor) {
    for (const s of suites) this.ends.set(s.name, deferred());
    const logger = new ListrLogger({ processOutput: new ProcessOutput(stdout as NodeJS.WriteStream, stdout as NodeJS.WriteStream) });
    const list = new Listr(
      suites.map((s) => ({
        title: `${s.name} — ${s.title}`,
        task: async (_ctx: unknown, task: Task): Promise<void> => {
          this.tasks.set(s.name, task);
          const result = await this.ends.get(s.name)!.promise;
          if (!result) return task.skip(`${s.name}: not run`);
          const failed = result.checks.filter((c) => c.outcome === 'fail' || c.outcome === 'error').length;
          const warned = result.checks.filter((c) => c.outcome === 'warn').length;
          if (result.skipped) return task.skip(`${s.name}: ${result.skipped}`);
          task.title = `${s.name} — ${s.title} (${result.checks.length} checks${warned ? `, ${warned} warning(s)` : ''})`;
          if (failed) throw new Error(`${s.name}: ${failed} check(s) failed or could not be evaluated`);
        },
      })),
      {
        concurrent: false,
        exitOnError: false,
        registerSignalListeners: false,
        silentRendererCondition: false,
        // Whichever renderer listr2 picks, it writes to the reporter's stream (the run's stdout).
        rendererOptions: { collapseSubtasks: false, logger },
        fallbackRendererOptions: { logger },
      } as never,
    );
    this.running = list.run().catch(() => undefined);
  }

  onEvent(event: RunEvent): void {
    if (event.type === 'step-start') {
      const task = this.tasks.get(event.suite);
      if (task) task.output = this.redactor.text(`${event.step}: ${event.title}`);
    } else if (event.type === 'prompt') {
      const task = this.tasks.get(event.suite);
      if (task) task.output = this.redactor.text(event.message);
      this.prompt = this.redactor.text(event.message);
    } else if (event.type === 'waiting') {
      const task = this.tasks.get(event.suite);
      if (task) task.output = `${this.prompt ?? event.what ?? event.step} — ${formatRemaining(event.remainingMs)} left`;
    } else if (event.type === 'suite-end') {
      this.ends.get(event.result.name)?.resolve(event.result);
    } else if (event.type === 'run-end') {
      for (const d of this.ends.values()) d.resolve(undefined);
    }
  }

  async done(): Promise<void> {
    for (const d of this.ends.values()) d.resolve(undefined);
    await this.running;
  }
}
