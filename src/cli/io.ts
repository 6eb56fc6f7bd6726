// What commands write to and read from: takes nothing, gives the CliIo object commands
// receive (so tests can capture output and inject a clock or an abort signal).
import type { SessionIo } from '../session/types.js';

/** The session's I/O (streams, env, cwd, clock, abort signal: Ctrl-C/SIGTERM, wired by main.ts) plus what only a terminal has. */
export interface CliIo extends SessionIo {
  /** stdout is an interactive terminal. */
  isTTY: boolean;
  /** The terminal's width when stdout is one (0 or undefined: unknown, e.g. a serial console). */
  columns?: number | undefined;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    isTTY: process.stdout.isTTY === true,
    columns: process.stdout.columns,
    attended: process.stdin.isTTY === true,
  };
}

/** Colour unless NO_COLOR is set (any value) or output is not a terminal; FORCE_COLOR wins. */
export function useColor(io: CliIo): boolean {
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return true;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  return io.isTTY;
}

/**
 * Live task list only on a terminal that can redraw: outside CI, not TERM=dumb, and with a
 * known width (a redraw on a 0-column terminal repeats lines). Otherwise plain lines.
 */
export function useLiveView(io: CliIo): boolean {
  if (!io.isTTY || io.env.CI || io.env.TERM === 'dumb') return false;
  return io.columns === undefined || io.columns > 0;
}
