// A server many runs' mock channel managers share (the onboarding service's worker: one HTTPS
// port, one certificate): takes nothing, gives the seam a mock mounts its handler through
// instead of listening on a port of its own. The CLI never uses it: its mock binds its own.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type MockHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface MountedMock {
  /** The mock's base URL under the shared server (e.g. https://host:port/runs/7). */
  url: string;
  unmount(): void;
}

export interface MockMount {
  /** How the shared server serves: its certificate (public PEM) and SHA-256 fingerprint; undefined over plain HTTP. */
  certificate?: { pem: string; fingerprint256: string; notAfter?: string | undefined } | undefined;
  /** Routes the requests under this run's path to `handler` until unmounted. */
  mount(handler: MockHandler): MountedMock;
}
