// What every route and page of the service shares: takes nothing, gives the context type
// (the database, the records, the queue, the admin token, the default on-interrupt choice).
import type { Database } from './database.js';
import type { Queue } from './queue.js';
import type { Store, OnInterrupt } from './store.js';

export interface ServiceContext {
  db: Database;
  store: Store;
  queue: Queue;
  /** CM_SERVICE_TOKEN, when set: an admin bearer token that is never stored. */
  adminToken: string | undefined;
  /** What an interrupted run does unless its queuer chose: re-queued, or ended incomplete. */
  onInterrupt: OnInterrupt;
  /** Cookies marked Secure (off only for plain-http tests that a browser must log in to). */
  secureCookies: boolean;
  /** The login page offers OIDC (CM_OIDC_ISSUER is set, oidc.ts). */
  oidcLogin?: boolean | undefined;
  log(line: string): void;
}
