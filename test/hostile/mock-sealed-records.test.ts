// The mock channel manager's inbound records are redacted where they are built and sealed
// (Redactor.seal): the run's result keeps them as they are instead of redacting them again. So
// every string of such a record must already be redacted: the operation (the path's last
// segment), the request's and the answer's headers, both bodies (a method Node's parser does
// not know never reaches the handler). A PMS that puts
// its secret anywhere in a request finds it nowhere in the record.
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { Redactor } from '../../src/support/redact.js';
import { plainMock } from '../support/plain-mock.js';

const SECRET = 'Sealed0Secret0Value';
const PASSWORD = 'sealed-pw-1';
const MOCK = plainMock('sealed.yaml', SECRET, PASSWORD);

describe("the mock's sealed inbound records", () => {
  it('hold the secret nowhere: operation, method, headers and bodies redacted before the seal', async () => {
    const log = new EvidenceLog();
    const side = await MOCK.start(log);
    const body = JSON.stringify({ note: SECRET, shared_secret: SECRET, wbp_property_password: PASSWORD });
    const sent = [
      { path: `/${SECRET}`, method: 'POST' },
      { path: `/ARIUpdate?shared_secret=${SECRET}&x=${SECRET}`, method: 'POST' },
    ];
    for (const { path, method } of sent) {
      const res = await request(`${side.mock.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-note': SECRET, 'x-pass': PASSWORD },
        body,
      });
      await res.body.text();
    }
    const records = log.all().filter((x) => x.direction === 'inbound');
    expect(records.map((x) => x.operation)).toEqual(['[redacted]', 'ARIUpdate']);
    const redactor = new Redactor([SECRET, PASSWORD]);
    for (const record of records) {
      const text = JSON.stringify(record);
      expect(text.toLowerCase()).not.toContain(SECRET.toLowerCase());
      expect(text).not.toContain(PASSWORD);
      // What the result would make of it: a fresh pass finds nothing more to redact.
      expect(JSON.stringify(redactor.json(JSON.parse(text)))).toBe(text);
    }
  });
});
