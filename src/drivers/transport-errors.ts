// Network failures in words a partner can act on: takes an error thrown by undici or
// node:net/tls, gives a TransportFailure with a kind and a sentence that says what to do.
import type { TransportFailure } from '../spec/exchange.js';

export interface FailureContext {
  url: string;
  deadlineHit: boolean;
  runAborted: boolean;
  requestTimeoutMs: number;
  connectTimeoutMs: number;
}

/** Every `code` along the error's cause chain and inside AggregateErrors. */
export function errorCodes(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== 'object' || depth > 6) return [];
  const codes: string[] = [];
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') codes.push(e.code);
  if (e.cause) codes.push(...errorCodes(e.cause, depth + 1));
  if (Array.isArray(e.errors)) for (const inner of e.errors) codes.push(...errorCodes(inner, depth + 1));
  return codes;
}

const UNTRUSTED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
]);

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function tlsFailure(codes: string[], host: string): TransportFailure | undefined {
  if (codes.some((c) => UNTRUSTED.has(c))) {
    return {
      kind: 'tls',
      message: `the TLS certificate of ${host} is not trusted (self-signed or signed by a private CA); pass that CA with --ca FILE`,
    };
  }
  if (codes.includes('CERT_HAS_EXPIRED')) return { kind: 'tls', message: `the TLS certificate of ${host} has expired` };
  if (codes.includes('CERT_NOT_YET_VALID')) return { kind: 'tls', message: `the TLS certificate of ${host} is not yet valid` };
  if (codes.includes('ERR_TLS_CERT_ALTNAME_INVALID')) {
    return { kind: 'tls', message: `the TLS certificate does not match the host name ${host.replace(/:\d+$/, '')}` };
  }
  const other = codes.find((c) => c.startsWith('ERR_SSL') || c.startsWith('ERR_TLS') || c.includes('CERT'));
  if (other) return { kind: 'tls', message: `the TLS handshake with ${host} failed (${other})` };
  return undefined;
}

export function describeTransportError(error: unknown, ctx: FailureContext): TransportFailure {
  const codes = errorCodes(error);
  const host = hostOf(ctx.url);
  if (ctx.runAborted) return { kind: 'aborted', message: 'the run was interrupted' };
  const tls = tlsFailure(codes, host);
  if (tls) return tls;
  if (codes.includes('ECONNREFUSED')) return { kind: 'connect', message: `connection refused by ${host}: is the candidate running there?` };
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return { kind: 'dns', message: `the host name of ${host} could not be resolved` };
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT') || codes.includes('ETIMEDOUT')) {
    return { kind: 'connect', message: `no connection to ${host} within ${ctx.connectTimeoutMs} ms` };
  }
  if (codes.includes('UND_ERR_HEADERS_TIMEOUT')) {
    return { kind: 'timeout', message: `no response headers within ${ctx.requestTimeoutMs} ms` };
  }
  if (codes.includes('UND_ERR_BODY_TIMEOUT')) {
    return { kind: 'timeout', message: `the response body stalled for ${ctx.requestTimeoutMs} ms` };
  }
  if (ctx.deadlineHit) return { kind: 'timeout', message: `the exchange did not complete within ${ctx.requestTimeoutMs} ms` };
  if (codes.includes('UND_ERR_SOCKET') || codes.includes('ECONNRESET') || codes.includes('EPIPE')) {
    return { kind: 'reset', message: `${host} closed the connection before the response was complete` };
  }
  if (codes.includes('UND_ERR_RES_CONTENT_LENGTH_MISMATCH')) {
    return { kind: 'protocol', message: 'the response body does not match its content-length' };
  }
  if (codes.some((c) => c.startsWith('HPE_') || c === 'UND_ERR_INFO')) {
    return { kind: 'protocol', message: `the response is not valid HTTP (${codes.join(', ')})` };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'protocol', message: `the exchange failed: ${message}${codes.length ? ` (${codes.join(', ')})` : ''}` };
}

/** Kinds that mean the candidate could not be reached at all (run error, not a failed check). */
export function isUnreachable(failure: TransportFailure | undefined): boolean {
  return failure !== undefined && (failure.kind === 'connect' || failure.kind === 'dns' || failure.kind === 'tls' || failure.kind === 'aborted');
}
