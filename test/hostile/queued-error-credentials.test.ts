// Issue 28 item 13: the error a scenario queued for the PMS goes only to a request that holds
// every credential. A request with the right secret, cid and property but a wrong password
// (someone else who knows the secret, or the PMS misconfigured) takes no queued error: the
// model answers it (invalid credentials), and the error still waits for the PMS's next
// request. Before (f9e7431): the wrong-password request took the queued error, and the PMS's
// own request then got a normal answer.
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { plainMock } from '../support/plain-mock.js';

const SECRET = 'queued-test-secret';
const PASSWORD = 'queued-pw-1';
const MOCK = plainMock('queued.yaml', SECRET, PASSWORD);

const body = (password: string | undefined): Record<string, unknown> => ({
  pms_property_id: 1,
  wbp_property_id: '1001',
  ...(password === undefined ? {} : { wbp_property_password: password }),
  guid: randomUUID(),
  shared_secret: SECRET,
  pms_cid: 'abc',
  verb: 'GetBookingList',
  wbp_booking_version: null,
});

async function post(url: string, payload: unknown): Promise<{ success: boolean; errors?: Array<{ id: number; msg: string }> }> {
  const res = await request(`${url}/GetBookingList?shared_secret=${SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return JSON.parse(await res.body.text()) as { success: boolean; errors?: Array<{ id: number; msg: string }> };
}

describe('a queued scenario error goes only to a request holding every credential', () => {
  it.each([
    ['a wrong password', 'not-the-password'],
    ['no password', undefined],
  ])('%s: not the queued error; the PMS’s next request takes it', async (_name, password) => {
    const side = await MOCK.start();
    side.mock.failNext('GetBookingList', 5000, 'queued for the PMS');
    const wrong = await post(side.mock.url, body(password));
    expect(wrong.success).toBe(false);
    expect(wrong.errors?.[0]?.msg).not.toBe('queued for the PMS');
    const right = await post(side.mock.url, body(PASSWORD));
    expect(right.errors?.[0]).toMatchObject({ id: 5000, msg: 'queued for the PMS' });
  });
});
