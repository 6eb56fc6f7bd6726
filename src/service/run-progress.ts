// A running run's heartbeat and estimate, for its live page: takes the run's progress lines
// (the terminal report's: "▶ suite (suite 2/3)", "  ✔ 4/16 step"; a PMS run's "Estimated
// length: about …"), when it started, its last heartbeat and now, gives what the page shows:
// how old the heartbeat is, where the run is (suite i/S, step k/N), and the time left — the
// PMS estimate the session printed, else the time so far scaled by the share still to go.
export interface RunProgress {
  /** Seconds since the worker's last heartbeat (null before the first). */
  heartbeat_age_s: number | null;
  suite: string | null;
  step: string | null;
  /** The share done, 0..1 (null until a step ended). */
  done: number | null;
  /** What the page prints as the estimate. */
  estimate: string | null;
}

const SUITE_RE = /\(suite (\d+)\/(\d+)\)/;
const STEP_RE = /^\s+\S+ (\d+)\/(\d+) /;
const PMS_ESTIMATE_RE = /^Estimated length: about ([^:]+?)(?: once|:|$)/;

function minutes(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 90 ? `${s} s` : `${Math.round(s / 60)} min`;
}

export function runProgress(lines: readonly string[], startedAt: Date | null, heartbeatAt: Date | null, now: Date): RunProgress {
  let suite: [number, number] | undefined;
  let step: [number, number] | undefined;
  let pms: string | undefined;
  for (const line of lines) {
    const s = SUITE_RE.exec(line);
    if (s) {
      suite = [Number(s[1]), Number(s[2])];
      step = undefined;
    }
    const k = STEP_RE.exec(line);
    if (k) step = [Number(k[1]), Number(k[2])];
    const p = PMS_ESTIMATE_RE.exec(line);
    if (p) pms = p[1]!.trim();
  }
  const [i, total] = suite ?? [1, 1];
  const done = step && step[1] > 0 ? Math.min(1, (i - 1 + step[0] / step[1]) / total) : null;
  let estimate: string | null = null;
  if (pms) estimate = `about ${pms} in all (the session's estimate for a PMS run)`;
  else if (done !== null && done > 0 && startedAt) {
    const elapsed = now.getTime() - startedAt.getTime();
    estimate = done >= 1 ? 'finishing' : `about ${minutes((elapsed * (1 - done)) / done)} left (${Math.round(done * 100)} % done in ${minutes(elapsed)})`;
  }
  return {
    heartbeat_age_s: heartbeatAt ? Math.max(0, Math.round((now.getTime() - heartbeatAt.getTime()) / 100) / 10) : null,
    suite: suite ? `${suite[0]}/${suite[1]}` : null,
    step: step ? `${step[0]}/${step[1]}` : null,
    done,
    estimate,
  };
}
