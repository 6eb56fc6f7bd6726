// Lifecycle: HTTPS on both sides with a private CA, and close() leaving nothing running —
// no server, socket or timer — even with a request to the channel in flight.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceOta } from '../../../src/reference/ota/index.js';
import { startReferencePms } from '../../../src/reference/pms/index.js';
import { TEST_START } from '../../e2e/pms-profile.js';
import { SimulatedClock } from '../../../src/support/simulated-clock.js';
import { tlsFixtures } from '../../support/tls-fixtures.js';
import { CID, PROPERTY, SECRET, closeAll, connect, post, startPair, waitFor } from './helpers.js';

afterEach(closeAll);

const tls = { cert: tlsFixtures().server.cert, key: tlsFixtures().server.key };
const ca = tlsFixtures().ca.cert;

/** Counts of the handle kinds close() must release. */
function handles(): Record<string, number> {
  const counts: Record<string, number> = { TCPServerWrap: 0, TCPSocketWrap: 0, TLSWrap: 0, Timeout: 0 };
  for (const kind of process.getActiveResourcesInfo()) if (kind in counts) counts[kind]! += 1;
  return counts;
}

async function settled(baseline: Record<string, number>): Promise<void> {
  await waitFor(() => Object.entries(handles()).every(([kind, n]) => n <= baseline[kind]!), 2_000, 'handles released');
}

describe('the reference PMS lifecycle', () => {
  it('speaks HTTPS to an HTTPS channel trusted through a private CA, and serves HTTPS callbacks', async () => {
    const clock = new SimulatedClock(TEST_START);
    const ota = await startReferenceOta({ clock, sharedSecret: SECRET, property: PROPERTY, tls });
    const pms = await startReferencePms({
      clock,
      cmUrl: ota.baseUrl,
      ca,
      sharedSecret: SECRET,
      pmsCid: CID,
      property: PROPERTY,
      currency: 'EUR',
      tls,
      autoStart: true,
    });
    try {
      expect(pms.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/pms$/);
      await waitFor(() => pms.state.fullRefreshes === 1, 4_000, 'the refresh over HTTPS');
      expect(pms.state.requests.every((r) => r.ok)).toBe(true);
    } finally {
      await pms.close();
      await ota.close();
    }
  });

  it('leaves no server, socket or timer behind after polling', async () => {
    const baseline = handles();
    const pair = await startPair();
    await connect(pair);
    await waitFor(() => pair.pms.state.polls.length >= 2, 4_000, 'two polls');
    expect(handles().TCPServerWrap).toBeGreaterThan(baseline.TCPServerWrap!);
    await pair.close();
    await pair.close();
    await settled(baseline);
    expect(pair.pms.state.phase).toBe('closed');
    await expect(post(pair.pms.startUrl, {}, null)).rejects.toThrow();
  });

  it('aborts a request the channel never answers', async () => {
    const baseline = handles();
    let asked = false;
    const hanging: Server = createServer(() => {
      asked = true;
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    const pms = await startReferencePms({
      clock: new SimulatedClock(TEST_START),
      cmUrl: `http://127.0.0.1:${port}/api`,
      sharedSecret: SECRET,
      pmsCid: CID,
      property: PROPERTY,
      currency: 'EUR',
      autoStart: true,
    });
    await waitFor(() => asked, 2_000, 'the HealthCheck request');
    expect(pms.state.phase).toBe('setting-up');
    const started = Date.now();
    await pms.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(pms.state.requests).toEqual([]);
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
    await settled(baseline);
  });
});
