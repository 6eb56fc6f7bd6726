// Countdown text: takes milliseconds left, gives "4m 05s" or "42s" (for the plain terminal
// output and the live view alike; apart from live-tasks.ts so listr2 loads only on a TTY).
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const sec = total % 60;
  return m > 0 ? `${m}m ${String(sec).padStart(2, '0')}s` : `${sec}s`;
}
