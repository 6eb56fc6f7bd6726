// Rate-limited login: takes the client's address, gives whether it may try again — 5 failed
// logins within 15 minutes lock that address out until the window ends; a success clears it.
// In memory (one process serves the pages); the clock is injectable for tests.
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; since: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  allow(address: string): boolean {
    const entry = this.failures.get(address);
    if (!entry) return true;
    if (this.now() - entry.since > WINDOW_MS) {
      this.failures.delete(address);
      return true;
    }
    return entry.count < MAX_FAILURES;
  }

  failed(address: string): void {
    const entry = this.failures.get(address);
    if (!entry || this.now() - entry.since > WINDOW_MS) this.failures.set(address, { count: 1, since: this.now() });
    else entry.count++;
  }

  succeeded(address: string): void {
    this.failures.delete(address);
  }
}
