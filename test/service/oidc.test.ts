// OIDC login (issue 29 item 7), through openid-client against a small provider on 127.0.0.1
// (oidc-provider.ts): the login page offers it when CM_OIDC_ISSUER is set, the browser goes to
// the issuer and back with a code, the service exchanges it (client secret, PKCE, state,
// nonce, the ID token's issuer and audience) and logs the member in by email, audit-logged. Refused: a
// callback without the flow's cookie or with another state, a code used twice, an ID token for
// another client, nonce or issuer, an email outside CM_OIDC_ALLOWED, an email that is a local account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/service.js';
import type { RunningService } from '../../src/service/service.js';
import { migratedDataDir } from '../support/service-data.js';
import { startTestProvider } from './oidc-provider.js';
import type { TestProvider } from './oidc-provider.js';

let service: RunningService;
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider('cm-service', 'client-secret-0123', { sub: 'u-1', email: 'ana@example.com', email_verified: true });
  service = await startService({
    data: await migratedDataDir('cm-svc-oidc-'),
    port: 0,
    concurrency: 0,
    env: { CM_OIDC_ISSUER: provider.issuer, CM_OIDC_CLIENT_ID: 'cm-service', CM_OIDC_CLIENT_SECRET: 'client-secret-0123', CM_OIDC_ALLOWED: '@example.com' },
    log: () => undefined,
  });
}, 120_000);
afterAll(async () => {
  await service?.close();
  await provider?.close();
});

const get = (url: string, cookie = '') => fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const cookieOf = (response: Response, name: string): string =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${name}=`)) ?? '';

/** The browser's round trip: the service's /login/oidc, the issuer's authorize, back to the callback. */
async function roundTrip(): Promise<{ callback: string; flow: string }> {
  const start = await get(`${service.url}/login/oidc`);
  expect(start.status).toBe(302);
  const flow = cookieOf(start, 'cm_oidc');
  const authorize = await get(start.headers.get('location')!);
  expect(authorize.status).toBe(302);
  return { callback: authorize.headers.get('location')!, flow };
}

describe('OIDC login', () => {
  it('offers OIDC on the login page, and logs a member in through the issuer', async () => {
    expect(await (await get(`${service.url}/login`)).text()).toContain('href="/login/oidc"');
    const { callback, flow } = await roundTrip();
    expect(callback.startsWith(`${service.url}/login/oidc/callback?code=`)).toBe(true);
    const back = await get(callback, flow);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/partners');
    const session = cookieOf(back, 'cm_session');
    expect(session).toMatch(/^cm_session=.+/);
    const partners = await (await get(`${service.url}/partners`, session)).text();
    expect(partners).toContain('<span class="me">ana@example.com</span>');
    const audit = await (await get(`${service.url}/audit`, session)).text();
    expect(audit).toContain('ana@example.com');
    expect(audit).toContain(`oidc ${provider.issuer}`);
    // The account has no password: a local login with any password fails.
    const local = await fetch(`${service.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=ana%40example.com&password=oidc',
    });
    expect(local.status).toBe(401);
  });

  it('refuses a callback without the flow, with another state, or a code used twice', async () => {
    const { callback, flow } = await roundTrip();
    expect((await get(callback)).status).toBe(400);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'another-state');
    expect((await get(forged.href, flow)).status).toBe(401);
    // The code was spent by the refused attempt's exchange or not at all: either way one more use logs in at most once.
    const again = await roundTrip();
    expect((await get(again.callback, again.flow)).status).toBe(303);
    expect((await get(again.callback, again.flow)).status).toBe(401);
  });

  it('refuses an ID token for another client, or with another nonce than the login sent', async () => {
    for (const override of [{ aud: 'another-client' }, { nonce: 'a-replayed-nonce' }, { iss: 'http://127.0.0.1:1' }]) {
      provider.override = override;
      try {
        const { callback, flow } = await roundTrip();
        const back = await get(callback, flow);
        expect(back.status, JSON.stringify(override)).toBe(401);
        expect(cookieOf(back, 'cm_session')).toBe('');
      } finally {
        provider.override = {};
      }
    }
  });

  it('refuses an email outside CM_OIDC_ALLOWED, and an email that is a local account', async () => {
    provider.account = { sub: 'u-2', email: 'eve@elsewhere.org', email_verified: true };
    let { callback, flow } = await roundTrip();
    let back = await get(callback, flow);
    expect(back.status).toBe(403);
    expect(await back.text()).toContain('eve@elsewhere.org is not allowed here');
    provider.account = { sub: 'u-3', email: 'admin', email_verified: true };
    ({ callback, flow } = await roundTrip());
    back = await get(callback, flow);
    expect(back.status).toBe(403);
    expect(cookieOf(back, 'cm_session')).toBe('');
  });
});
