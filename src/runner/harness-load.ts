// The harness's own load: takes the run's clock, gives a monitor of this process's
// event-loop delay (how late a timer fires) over the run, queried by clock-time window in
// clock milliseconds. A starved harness sees requests late and sleeps too long; timing
// checks widen their tolerance by the delay seen in their window, and give up ("timing
// degraded") when it is too large to judge. perf_hooks.monitorEventLoopDelay is not used:
// in a probe on Node 20 it reported 10-17 ms for a 200 ms block of the loop.
import type { Clock } from '../support/clock.js';

/** How often the loop is probed, real milliseconds. */
const PROBE_MS = 20;
/** Delays below this are timer noise, not load (real milliseconds). */
const NOISE_MS = 5;
const MAX_SAMPLES = 10_000;
/** Probe periods before a request's handler in which the loop's stalls may have held it up. */
const PATH_TURNS = 5;

interface Sample {
  /** Clock time the late timer was due and when it fired. */
  from: number;
  to: number;
  /** How late on the run's clock (a scaled clock multiplies a stall; one that stands still during stalls does not). */
  lateMs: number;
}

export interface HarnessLoadSummary {
  /** Worst event-loop delay seen, real milliseconds. */
  worstDelayMs: number;
  /** The same on the run's clock (a scaled clock multiplies it). */
  worstDelayClockMs: number;
  /** Probes that fired late by more than the noise floor. */
  lateProbes: number;
  /** The run time (clock ms) the loop stood still in all: the most by which waits were lengthened. */
  stalledClockMs: number;
  probes: number;
}

export class HarnessLoad {
  private readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private worst = 0;
  private worstClock = 0;
  private stalledClock = 0;
  private probes = 0;
  private readonly rate: number;

  constructor(private readonly clock: Clock) {
    this.rate = clock.rate ?? 1;
  }

  start(): void {
    if (this.timer) return;
    const probe = (due: number, dueClock: number): void => {
      this.timer = setTimeout(() => {
        const late = performance.now() - due;
        this.probes += 1;
        if (late > NOISE_MS) this.note(late, { from: dueClock, to: this.clock.now(), lateMs: Math.max(0, this.clock.now() - dueClock) });
        probe(performance.now() + PROBE_MS, this.clock.now() + PROBE_MS * this.rate);
      }, PROBE_MS);
      this.timer.unref();
    };
    probe(performance.now() + PROBE_MS, this.clock.now() + PROBE_MS * this.rate);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The worst delay (clock ms) of the loop in [from, to] on the run's clock. */
  delayMs(from: number, to: number = this.clock.now()): number {
    let worst = 0;
    for (const s of this.samples) if (s.to >= from && s.from <= to && s.lateMs > worst) worst = s.lateMs;
    return Math.round(worst);
  }

  /** Time (clock ms) the harness's loop stood still in [from, to]: the sum of its late probes. */
  stalledMs(from: number, to: number = this.clock.now()): number {
    let sum = 0;
    for (const s of this.samples) if (s.to >= from && s.from <= to) sum += s.lateMs;
    return Math.round(sum);
  }

  /**
   * How late the harness may have seen something it timed at `at` (clock ms): the stalls
   * just before and around `at` (a request crosses a few turns of the loop before its
   * handler runs, each of which may wait). A request handled at the end of a stall is
   * timed late by about the stall; one handled outside any stall by nothing.
   */
  delayAt(at: number): number {
    return this.stalledMs(at - PATH_TURNS * PROBE_MS * this.rate, at + 2 * PROBE_MS * this.rate);
  }

  summary(): HarnessLoadSummary {
    return {
      worstDelayMs: Math.round(this.worst),
      worstDelayClockMs: Math.round(this.worstClock),
      lateProbes: this.samples.length,
      stalledClockMs: Math.round(this.stalledClock),
      probes: this.probes,
    };
  }

  private note(realMs: number, sample: Sample): void {
    this.worst = Math.max(this.worst, realMs);
    this.worstClock = Math.max(this.worstClock, sample.lateMs);
    // Kept apart from the samples, whose oldest are dropped past MAX_SAMPLES.
    this.stalledClock += sample.lateMs;
    if (this.samples.length >= MAX_SAMPLES) this.samples.shift();
    this.samples.push(sample);
  }
}
