// Who reached the mock channel manager at all, and the TLS handshakes that failed: takes the
// mock's server and clock, gives the time of the first connection (a PMS that never reached
// the mock is told from one that did: issue 28 item 16) and each failed handshake with its
// reason ("unknown CA", a reset) as its own kind of record, counted, the first few kept
// (issue 28 item 15): a PMS that refuses the mock's certificate leaves a trace.
import type { Server } from 'node:net';
import type { Clock } from '../../support/clock.js';
import type { TlsFailure } from '../../spec/run-result.js';

export const MAX_KEPT_TLS_FAILURES = 20;

/** An OpenSSL error or alert in words: "alert unknown ca" → "the client refused the mock's certificate (TLS alert: unknown CA)". */
export function tlsReason(error: NodeJS.ErrnoException & { reason?: string }): string {
  const text = (error.reason ?? error.message ?? '').toLowerCase();
  const named = /alert ([a-z ]+)/.exec(text)?.[1]?.trim();
  if (named) {
    const shown = named.replace(/\bca\b/, 'CA');
    return `the client refused the mock's certificate (TLS alert: ${shown})`;
  }
  if (error.code === 'ECONNRESET' || /socket hang up|reset/.test(text)) return 'the client closed the connection during the TLS handshake (reset)';
  if (/wrong version number|http request/.test(text)) return 'the client did not speak TLS (plain HTTP sent to the HTTPS mock?)';
  return `the TLS handshake failed: ${(error.reason ?? error.message ?? String(error.code)).slice(0, 200)}`;
}

export class MockContacts {
  /** When the first connection came (clock time); undefined while nobody has connected. */
  firstAt: number | undefined;
  private readonly kept: TlsFailure[] = [];
  private count = 0;

  watch(server: Server, clock: Clock): void {
    server.on('connection', () => {
      this.firstAt ??= clock.now();
    });
    server.on('tlsClientError', (error: NodeJS.ErrnoException & { reason?: string }, socket: { remoteAddress?: string }) => {
      this.count++;
      if (this.kept.length < MAX_KEPT_TLS_FAILURES) this.kept.push({ at: clock.now(), from: socket.remoteAddress ?? '?', reason: tlsReason(error) });
    });
  }

  /** A request reached the mock through a shared server (whose connections are not this run's alone). */
  noteRequest(clock: Clock): void {
    this.firstAt ??= clock.now();
  }

  /** Failed TLS handshakes: how many, and the first MAX_KEPT_TLS_FAILURES. */
  tlsFailures(): { count: number; kept: TlsFailure[] } {
    return { count: this.count, kept: [...this.kept] };
  }
}
