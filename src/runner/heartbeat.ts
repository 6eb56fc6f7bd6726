// Waiting out loud: takes a step's environment, what it waits for, what ends the wait and its
// deadline, gives a stop function while 'waiting' events go out on the run's clock (every
// second after a prompt, for the live countdown; every HEARTBEAT_MS otherwise), so that an
// unattended run is never silent for long and says what it waits for and until when: the
// plain terminal prints one of them at least every 30 s.
import type { StepEnv } from './step-env.js';

/** Unprompted waits report this often (clock time); the plain terminal prints every 30 s. */
export const HEARTBEAT_MS = 10_000;

export interface Wait {
  /** "waiting for the PMS's GetBookingList": the harness's words, never candidate text. */
  what: string;
  /** What ends the wait before the deadline ("at the first one"), when anything does. */
  ends?: string;
  deadline: number;
}

/**
 * What the mock refused that is probably the PMS's, said while it waits (issue 28 item 15):
 * requests with the profile's cid and property but not its secret, and failed TLS handshakes.
 */
function troubleSoFar(env: StepEnv): string | undefined {
  const mock = env.ctx.pms?.mock;
  if (!mock) return undefined;
  const misconfigured = mock.outsiders.countOf('misconfigured-pms');
  const tls = mock.contacts.tlsFailures();
  const parts = [
    misconfigured
      ? `probable misconfiguration: ${misconfigured} request(s) with your profile's pms_cid and property but a wrong shared secret were refused`
      : '',
    tls.count ? `${tls.count} TLS handshake(s) failed: ${tls.kept.at(-1)?.reason ?? 'no reason given'}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : undefined;
}

export function startHeartbeat(env: StepEnv, wait: Wait, everyMs: number = HEARTBEAT_MS): () => void {
  const { what, ends, deadline } = wait;
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, env.ctx.signal]);
  // A prompt's countdown shows at once; an unprompted wait speaks once it lasts.
  const first = everyMs < HEARTBEAT_MS ? 0 : everyMs;
  void (async () => {
    try {
      await env.ctx.clock.sleep(first, signal);
    } catch {
      return;
    }
    while (!signal.aborted) {
      const remainingMs = deadline - env.ctx.clock.now();
      if (remainingMs <= 0) return;
      const trouble = troubleSoFar(env);
      env.ctx.emit({
        type: 'waiting',
        suite: env.suite.name,
        step: env.step.id,
        remainingMs,
        what: trouble ? `${what} (${trouble})` : what,
        ...(ends ? { ends } : {}),
        deadlineAt: deadline,
      });
      try {
        await env.ctx.clock.sleep(Math.min(everyMs, remainingMs), signal);
      } catch {
        return;
      }
    }
  })();
  return () => stop.abort();
}

/** "12 s", "4 min 5 s", "1 h 2 min": a duration for a message, never a template. */
export function formatMs(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}
