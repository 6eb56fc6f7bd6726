// What a PMS run's page and API object show its partner: takes the worker's shared port (or
// the Store and a run id), gives the run's channel-manager URL with the certificate to trust
// (fingerprint and PEM), kept as the run's file channel-manager.json when the run starts.
import type { MockGateway } from './mock-gateway.js';
import type { Store } from './store.js';

export const CHANNEL_MANAGER_FILE = 'channel-manager.json';

export interface ChannelManagerView {
  /** Where the partner's PMS sends every operation: URL/<Operation>. */
  url: string;
  /** SHA-256 of the worker's certificate, for a PMS that pins it. */
  fingerprint256: string;
  /** The worker's self-signed certificate: the CA a PMS trusts. */
  certificate_pem: string;
  not_after: string;
}

export function channelManagerFile(gateway: MockGateway, runId: number): Buffer {
  const { cert, fingerprint256, notAfter } = gateway.certificate;
  const view: ChannelManagerView = { url: gateway.urlFor(runId), fingerprint256, certificate_pem: cert, not_after: notAfter };
  return Buffer.from(`${JSON.stringify(view, null, 2)}\n`);
}

/** The run's channel manager, when it is a PMS run a worker has started. */
export async function channelManagerOf(store: Store, runId: number): Promise<ChannelManagerView | undefined> {
  const content = await store.artifact(runId, CHANNEL_MANAGER_FILE);
  return content ? (JSON.parse(content.toString('utf8')) as ChannelManagerView) : undefined;
}
