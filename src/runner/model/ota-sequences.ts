// Runs the model-based OTA sequences: takes the candidate's offer, a driver, the seed and
// the number of random sequences, gives fast-check's run details, the failing sequence's
// trace and the operations sent. The always-run sequences (./ota-always-run.ts) go first, as
// fast-check `examples`, so every seed judges each known transition; then the seeded random
// ones, shrunk on failure. The model step and the tests call this one function.
import fc from 'fast-check';
import { alwaysRunSequences } from './ota-always-run.js';
import { type Command, type ModelOffer, modelCommands } from './ota-commands.js';
import { HarnessFault, type OtaDriver } from './ota-driver.js';
import { type SequenceModel, newSequenceModel } from './ota-model.js';

/** Operations per random sequence at most. */
export const MAX_OPERATIONS = 10;

export interface SequenceRun {
  offer: ModelOffer;
  driver: OtaDriver;
  seed: number;
  /** Random sequences, besides the always-run ones. */
  runs: number;
  /** Past this, fast-check stops drawing (or shrinking) and reports what it has. */
  timeLimitMs?: number;
  aborted?: () => boolean;
  /** Called with each sequence's trace once it ends, passed or failed. */
  onSequence?: (trace: readonly string[]) => void;
}

export interface SequenceOutcome {
  details: fc.RunDetails<[Iterable<Command>]>;
  trace: string[];
  operations: number;
  /** How many always-run sequences went first. */
  alwaysRun: number;
}

export async function runSequences(run: SequenceRun): Promise<SequenceOutcome> {
  let trace: string[] = [];
  let operations = 0;
  let fault: HarnessFault | undefined;
  const commands = fc.commands(modelCommands(run.offer), { maxCommands: MAX_OPERATIONS, size: 'max' });
  const property = fc.asyncProperty(commands, async (cmds) => {
    if (fault || run.aborted?.()) return; // nothing more to learn: shrinking ends at once
    const model: SequenceModel = newSequenceModel();
    try {
      await fc.asyncModelRun(() => ({ model, real: run.driver }), cmds);
    } catch (error) {
      if (error instanceof HarnessFault) fault = error;
      trace = [...model.trace];
      throw error;
    } finally {
      operations += model.trace.length;
      run.onSequence?.(model.trace);
    }
  });
  const examples = alwaysRunSequences(run.offer).map(({ commands: fixed }): [Iterable<Command>] => [fixed]);
  const details = await fc.check(property, {
    seed: run.seed,
    // fast-check counts the examples among numRuns: the random sequences stay `runs`.
    numRuns: run.runs + examples.length,
    examples,
    ...(run.timeLimitMs !== undefined ? { interruptAfterTimeLimit: run.timeLimitMs, markInterruptAsFailure: false } : {}),
  });
  return { details, trace, operations, alwaysRun: examples.length };
}
