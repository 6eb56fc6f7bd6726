// One HTTP exchange straight on an undici dispatcher: takes the request (origin, path, method,
// headers, body), a body limit and an abort switch, gives the status, the headers and the body
// chunks as they came. A handler of our own instead of undici's request(): no async resource,
// response stream, stream events or abort listener per request (the run-overhead benchmark's
// client side, issue 27 item 6). What comes back is what request() and reading its body gave:
// the same statuses, headers (undici's own parse), chunks, errors and limit.
import type { Dispatcher } from 'undici';
import { undiciCore } from './undici-core.js';

/**
 * One exchange's abort switch: aborted by its deadline, or with the others by the run's abort.
 * Before the request is on a connection, the exchange ends at once with the reason, and undici's
 * request, still queued or connecting, is aborted when it reaches a connection.
 */
export class AbortSwitch {
  aborted = false;
  reason: unknown;
  /** Set while the exchange is on a connection. */
  onAbort: ((reason: unknown) => void) | undefined;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.onAbort?.(reason);
  }
}

/** What the exchange got so far (kept when it fails half-way: the status and headers of a body that stalled). */
export interface ExchangeSink {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  chunks: Buffer[];
  /** Bytes in `chunks`. */
  kept: number;
  /** Bytes received, the chunk past the limit included. */
  total: number;
}

export function emptySink(): ExchangeSink {
  return { status: 0, headers: {}, chunks: [], kept: 0, total: 0 };
}

/** The response body passed the limit: the exchange was cut there. */
class TooLarge extends Error {}

/**
 * Sends one request and reads its response into `sink`. Resolves false when the body ended,
 * true (the request aborted) when it passed `maxBytes`; rejects with undici's error (or the
 * switch's reason) otherwise. A 1xx answer is skipped, as request() skips it.
 */
export function exchange(
  dispatcher: Dispatcher,
  request: Dispatcher.DispatchOptions,
  maxBytes: number,
  sink: ExchangeSink,
  abort: AbortSwitch,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let cancel: ((reason?: Error) => void) | undefined;
    const settle = (error: unknown, tooLarge: boolean): void => {
      if (settled) return;
      settled = true;
      abort.onAbort = undefined;
      if (error === undefined) resolve(tooLarge);
      else reject(error);
    };
    const handler = {
      onConnect(abortRequest: (reason?: Error) => void): void {
        if (abort.aborted) {
          abortRequest(abort.reason as Error);
          return;
        }
        cancel = abortRequest;
        abort.onAbort = (reason) => abortRequest(reason as Error);
      },
      onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
        if (statusCode < 200) return true;
        sink.status = statusCode;
        sink.headers = undiciCore().parseHeaders(rawHeaders);
        return true;
      },
      onData(chunk: Buffer): boolean {
        sink.total += chunk.length;
        if (sink.total > maxBytes) {
          settle(undefined, true);
          cancel?.(new TooLarge('the response body passed its limit'));
          return false;
        }
        sink.chunks.push(chunk);
        sink.kept += chunk.length;
        return true;
      },
      onComplete(): void {
        settle(undefined, false);
      },
      onError(error: Error): void {
        settle(error, false);
      },
    };
    if (abort.aborted) {
      settle(abort.reason, false);
      return;
    }
    // Until undici puts the request on a connection (a connect or TLS handshake that hangs, a
    // queue behind other requests), an abort ends the exchange by itself: its deadline holds.
    abort.onAbort = (reason) => settle(reason, false);
    try {
      dispatcher.dispatch(request, handler as unknown as Dispatcher.DispatchHandler);
    } catch (error) {
      settle(error, false);
    }
  });
}
