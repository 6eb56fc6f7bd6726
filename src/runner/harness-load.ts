// The harness's own load on a real run: takes the run's clock, gives a monitor of this
// process's event-loop delay (how late a timer fires) over the run, queried by clock-time
// window. The runner alone reads it: a window in which the harness stood still for
// STANDSTILL_MS or longer at once is inconclusive before any check sees it (ADR 0020); the
// checks judge the times as recorded. It also meters the loop's use (perf_hooks event-loop
// utilisation, per ELU_WINDOW_MS): a window in which the loop was busy SATURATED_ELU of the time
// or more for SATURATED_FOR_MS in a row is inconclusive too: its timers fire nearly on time, yet requests wait in the socket
// queue behind the other work and are stamped late (50 PMS runs on one worker). Not started on a
// simulated clock (nothing real can hold one up). perf_hooks.monitorEventLoopDelay is not used:
// in a probe on Node 20 it reported 10-17 ms for a 200 ms block of the loop.
import { performance } from 'node:perf_hooks';
import type { EventLoopUtilization } from 'node:perf_hooks';
import type { Clock } from '../support/clock.js';
import { formatMs } from './heartbeat.js';
import type { HarnessLoadSummary } from '../spec/run-result.js';

/** How often the loop is probed, real milliseconds. */
const PROBE_MS = 20;
/** Delays below this are timer noise, not load (real milliseconds). */
const NOISE_MS = 5;
const MAX_SAMPLES = 10_000;
/** A stall of the harness at least this long (ms) in a window makes the window's checks inconclusive. */
export const STANDSTILL_MS = 1_000;

/** The loop's use is metered over spans this long (real milliseconds). */
export const ELU_WINDOW_MS = 500;
/** A span in which the loop was busy this share of the time or more: the harness was saturated. */
export const SATURATED_ELU = 0.9;
/**
 * Saturated spans in a row count once they last this long (ms). Counted from one 500 ms span,
 * 10 reference PMSes at once at 1-second polling (load 1) were all incomplete; from 1 s, still
 * all 10 (load 4.5): the worker's loop is busy up to 2 s in a row as the runs end (reports
 * stored), which delays no request by a deadline's second. 50 runs at once held it at 98 % for 85 s.
 */
export const SATURATED_FOR_MS = 3_000;

/** How far before the moment judged a saturated span counts (the span holding it is metered only at its end). */
const SATURATION_REACH_MS = 2 * ELU_WINDOW_MS;

/** The loop's utilisation (0..1) since the previous call; injected in tests. */
export type LoopUseMeter = () => number;

/** The process's own event-loop utilisation since the previous call (perf_hooks). */
export function eventLoopUseMeter(): LoopUseMeter {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const used = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return used;
  };
}

interface Saturated {
  /** Clock times the metered span began and ended. */
  from: number;
  to: number;
  utilization: number;
}

interface Sample {
  /** Clock time the late timer was due and when it fired. */
  from: number;
  to: number;
  lateMs: number;
}

export class HarnessLoad {
  private readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private worst = 0;
  private stalled = 0;
  private probes = 0;
  private readonly saturated: Saturated[] = [];
  private saturatedMs = 0;

  constructor(
    private readonly clock: Clock,
    private readonly meterFactory: () => LoopUseMeter = eventLoopUseMeter,
  ) {}

  start(): void {
    if (this.timer) return;
    const meter = this.meterFactory();
    let meteredAt = performance.now();
    let meteredClock = this.clock.now();
    const probe = (due: number, dueClock: number): void => {
      this.timer = setTimeout(() => {
        const now = performance.now();
        const late = now - due;
        this.probes += 1;
        if (late > NOISE_MS) this.note({ from: dueClock, to: this.clock.now(), lateMs: late });
        if (now - meteredAt >= ELU_WINDOW_MS) {
          const used = meter();
          // One reading ends this span and begins the next: spans in a row join (noteSaturated).
          const at = this.clock.now();
          if (used >= SATURATED_ELU) this.noteSaturated({ from: meteredClock, to: at, utilization: used }, now - meteredAt);
          meteredAt = now;
          meteredClock = at;
        }
        probe(performance.now() + PROBE_MS, this.clock.now() + PROBE_MS);
      }, PROBE_MS);
      this.timer.unref();
    };
    probe(performance.now() + PROBE_MS, this.clock.now() + PROBE_MS);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Time (ms) the harness's loop stood still in [from, to] on the run's clock: the sum of its late probes. */
  stalledMs(from: number, to: number = this.clock.now()): number {
    let sum = 0;
    for (const s of this.samples) if (s.to >= from && s.from <= to) sum += s.lateMs;
    return Math.round(sum);
  }

  /**
   * Why the window [from, to] (clock ms) cannot be judged: the harness stood still in it for
   * STANDSTILL_MS or longer at once (it could neither hear nor send; in process, neither could
   * the candidate). Undefined when it can. `endedBy`: only stalls that ended by then count (what
   * was heard at a moment can only have been held up by a stall that ended before it).
   */
  standstill(from: number, to: number = this.clock.now(), endedBy: number = Number.POSITIVE_INFINITY): string | undefined {
    let worst: Sample | undefined;
    for (const s of this.samples) if (s.to >= from && s.from <= to && s.to <= endedBy && s.lateMs > (worst?.lateMs ?? 0)) worst = s;
    if (worst && worst.lateMs >= STANDSTILL_MS) {
      return `Inconclusive: the harness itself stood still for ${formatMs(Math.round(worst.lateMs))} at ${new Date(worst.from).toISOString()} (a stall of ${formatMs(STANDSTILL_MS)} or more), so it could not hear or time the PMS in this window. Run again on a less busy machine.`;
    }
    return this.saturation(from, to, endedBy);
  }

  /**
   * Why the window [from, to] cannot be judged by its timing: the harness's loop was saturated
   * (busy SATURATED_ELU of a metered span or more) just before its end, or before `endedBy` (what
   * was heard then), so a request may have waited unheard in its sockets and been stamped late.
   * Undefined when it was not.
   */
  saturation(from: number, to: number = this.clock.now(), endedBy: number = Number.POSITIVE_INFINITY): string | undefined {
    // Only the moment judged counts (what was heard, or the window's end): a span long before it
    // (the runs' common start, with a window counted `since: run`) could not have held it up.
    const at = Math.min(to, endedBy);
    // A span that ended just before `from` counts too: the span holding `at` is not metered yet.
    const reach = at - SATURATION_REACH_MS;
    let worst: Saturated | undefined;
    for (const s of this.saturated) {
      if (s.to - s.from >= SATURATED_FOR_MS && s.to >= reach && s.from <= at && s.utilization > (worst?.utilization ?? 0)) worst = s;
    }
    if (!worst) return undefined;
    const pct = Math.min(100, Math.round(worst.utilization * 100));
    return `Inconclusive: the harness itself was saturated (its event loop busy ${pct} % of ${formatMs(Math.round(worst.to - worst.from))} from ${new Date(worst.from).toISOString()}; ${Math.round(SATURATED_ELU * 100)} % or more counts), so requests may have waited unheard and been stamped late in this window. Run again with fewer runs at once or on a less busy machine.`;
  }

  summary(): HarnessLoadSummary {
    return {
      worstDelayMs: Math.round(this.worst),
      lateProbes: this.samples.length,
      stalledMs: Math.round(this.stalled),
      probes: this.probes,
      ...(this.saturatedMs > 0 ? { saturatedMs: Math.round(this.saturatedMs) } : {}),
    };
  }

  /** A saturated span right after another extends it (its utilisation the time-weighted mean). */
  private noteSaturated(span: Saturated, realMs: number): void {
    this.saturatedMs += realMs;
    const last = this.saturated.at(-1);
    if (last && last.to === span.from) {
      const [a, b] = [last.to - last.from, span.to - span.from];
      last.utilization = (last.utilization * a + span.utilization * b) / Math.max(1, a + b);
      last.to = span.to;
      return;
    }
    if (this.saturated.length >= MAX_SAMPLES) this.saturated.shift();
    this.saturated.push(span);
  }

  private note(sample: Sample): void {
    this.worst = Math.max(this.worst, sample.lateMs);
    // Kept apart from the samples, whose oldest are dropped past MAX_SAMPLES.
    this.stalled += sample.lateMs;
    if (this.samples.length >= MAX_SAMPLES) this.samples.shift();
    this.samples.push(sample);
  }
}
