// What the candidate's TLS sockets showed: takes undici's connector and the sockets it opens,
// gives, per origin, the SHA-256 fingerprint of every leaf certificate the server presented
// (the certificate's identity of the candidate) and whether it was made by cm-certify's own
// test CA (a reference candidate). Wraps the connector, so nothing else about a connection changes.
import { createRequire } from 'node:module';
import type { TLSSocket } from 'node:tls';
import type { Socket } from 'node:net';
import type { buildConnector as BuildConnector } from 'undici';

const require = createRequire(import.meta.url);

/** The organisation every certificate cm-certify makes carries (src/support/certificates.ts). */
export const CM_CERTIFY_TEST_ORG = 'cm-certify (test only)';

export interface SeenCertificate {
  /** Colon-separated upper-case hex, as openssl and the mock's notice print it. */
  fingerprint256: string;
  /** The certificate or its issuer names cm-certify's test organisation. */
  madeByCmCertify: boolean;
}

type Connector = BuildConnector.connector;

const MAX_PER_ORIGIN = 16;

/** undici's connector factory: the one file (as undici-core.ts loads its parts), or the whole package when laid out otherwise. */
function buildConnector(tls: Record<string, unknown>): Connector {
  try {
    return (require('undici/lib/core/connect.js') as typeof BuildConnector)(tls);
  } catch {
    return (require('undici') as { buildConnector: typeof BuildConnector }).buildConnector(tls);
  }
}

export class TlsWitness {
  private readonly seen = new Map<string, Map<string, SeenCertificate>>();

  /** undici's connector with these TLS options, reporting each TLS socket's peer certificate here. */
  connector(tls: Record<string, unknown>): Connector {
    const base = buildConnector(tls);
    return (options, callback) =>
      base(options, (...args) => {
        const [error, socket] = args;
        if (!error && socket && options.protocol === 'https:') this.record(`https://${options.hostname}${options.port ? `:${options.port}` : ''}`, socket);
        callback(...args);
      });
  }

  private record(origin: string, socket: Socket): void {
    const cert = (socket as TLSSocket).getPeerX509Certificate?.();
    if (!cert) return;
    let byPrint = this.seen.get(origin);
    if (!byPrint) this.seen.set(origin, (byPrint = new Map()));
    if (byPrint.has(cert.fingerprint256) || byPrint.size >= MAX_PER_ORIGIN) return;
    const madeByCmCertify = cert.issuer.includes(`O=${CM_CERTIFY_TEST_ORG}`) || cert.subject.includes(`O=${CM_CERTIFY_TEST_ORG}`);
    byPrint.set(cert.fingerprint256, { fingerprint256: cert.fingerprint256, madeByCmCertify });
  }

  /** The certificates presented at the URL's origin (default port left out, as undici gives it). */
  certificatesOf(url: string): SeenCertificate[] {
    let origin: string;
    try {
      const u = new URL(url);
      origin = `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
    } catch {
      return [];
    }
    return [...(this.seen.get(origin)?.values() ?? [])];
  }
}
