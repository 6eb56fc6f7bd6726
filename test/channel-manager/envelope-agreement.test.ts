// The outsider gate, the channel-manager core and the inbound judge read one request's
// envelope alike (src/spec/envelope-facts.ts): over a table of odd ids, passwords and
// secrets, a request the core refuses is one the judge fails (or the gate keeps apart), and
// one the judge passes is one the core serves. No request may pass the judge and be refused
// by the core, or the other way round (issue 27 item 2: ["1001"] passed the judge and was
// refused by the core).
import { describe, expect, it } from 'vitest';
import { MockChannelManager } from '../../src/drivers/mock-cm/mock-cm.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { judgeInboundRequest } from '../../src/checks/inbound.js';
import { judgeCandidateBody } from '../../src/checks/schema-checks.js';
import { setupCredentials } from '../../src/checks/code/pms-effects.js';
import { queryRecord } from '../../src/spec/envelope-facts.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import type { MessageName } from '../../src/spec/operations.js';
import { ManualClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';
import { ISSUED, inboundExchange, pmsTestProfile } from '../support/builders.js';

const SECRET = ISSUED.sharedSecret;
const PROFILE = pmsTestProfile();
const GUIDS = (n: number): string => `6c08b96e-450d-4e6a-9933-${String(n).padStart(12, '0')}`;

function mock(): MockChannelManager {
  return new MockChannelManager({
    clock: new ManualClock('2026-03-10T10:00:00Z'),
    log: new EvidenceLog(),
    redactor: new Redactor([SECRET]),
    sharedSecret: SECRET,
    pmsCid: ISSUED.pmsCid,
    property: { ...ISSUED.property },
    host: '127.0.0.1',
    port: 0,
    maxBodyBytes: 1 << 20,
    evidenceBodyBytes: 4096,
    requestTimeoutMs: 5_000,
  });
}

type Fields = Record<string, unknown>;
interface Row {
  name: string;
  operation: MessageName;
  /** Fields over the correct envelope; undefined deletes one. */
  fields?: Fields;
  /** The query string (default: the right shared_secret). */
  query?: string;
}

const ODD_IDS: unknown[] = [['7'], [7], ' 7', '7 ', '07', '7.0', 7.0, 7.5, -7, '', null, true, {}, '0x7', '7e0', 70];
const ODD_WBP: unknown[] = [['1001'], 1001, ' 1001', '01001', '1001.0', 1001.5, '', null, { id: '1001' }, '１００１'];
const ODD_SECRETS: unknown[] = [`${SECRET} `, ` ${SECRET}`, SECRET.toUpperCase(), [SECRET], 42, null, '', undefined, `${SECRET}\u0000`];
const ODD_PASSWORDS: unknown[] = ['pw ', 'PW', ['pw'], null, '', undefined, 0, 'pw\u0000'];

const ROWS: Row[] = [
  { name: 'the correct envelope', operation: 'GetRoomTypes' },
  { name: 'the correct SetupProperty', operation: 'SetupProperty', fields: { pms_property_id: '7', wbp_property_id: 1001 } },
  ...ODD_IDS.map((id) => ({ name: `pms_property_id ${JSON.stringify(id)}`, operation: 'GetRoomTypes' as const, fields: { pms_property_id: id } })),
  ...ODD_WBP.map((id) => ({ name: `wbp_property_id ${JSON.stringify(id)}`, operation: 'GetRoomTypes' as const, fields: { wbp_property_id: id } })),
  ...ODD_IDS.map((id) => ({
    name: `SetupProperty pms_property_id ${JSON.stringify(id)}`,
    operation: 'SetupProperty' as const,
    fields: { pms_property_id: id, wbp_property_id: 1001 },
  })),
  ...ODD_WBP.map((id) => ({
    name: `SetupProperty wbp_property_id ${JSON.stringify(id)}`,
    operation: 'SetupProperty' as const,
    fields: { pms_property_id: '7', wbp_property_id: id },
  })),
  ...ODD_PASSWORDS.map((pw) => ({ name: `password ${JSON.stringify(pw)}`, operation: 'GetRatePlans' as const, fields: { wbp_property_password: pw } })),
  ...ODD_SECRETS.map((s) => ({ name: `body secret ${JSON.stringify(s)}`, operation: 'GetRatePlans' as const, fields: { shared_secret: s } })),
  ...ODD_SECRETS.filter((s) => typeof s === 'string').map((s) => ({
    name: `query secret ${JSON.stringify(s)}`,
    operation: 'GetRatePlans' as const,
    query: `shared_secret=${encodeURIComponent(s as string)}`,
  })),
  { name: 'no query secret', operation: 'GetRatePlans', query: '' },
  { name: 'a wrong query secret, then the right one', operation: 'GetRatePlans', query: `shared_secret=x&shared_secret=${SECRET}` },
  { name: 'the right query secret, then a wrong one', operation: 'GetRatePlans', query: `shared_secret=${SECRET}&shared_secret=x` },
  { name: 'a wrong body secret and no query secret', operation: 'GetRatePlans', query: '', fields: { shared_secret: 'x' } },
];

function bodyOf(row: Row, n: number): Fields {
  const body: Fields = { ...ISSUED.property, guid: GUIDS(n), shared_secret: SECRET, pms_cid: ISSUED.pmsCid, verb: row.operation };
  for (const [key, value] of Object.entries(row.fields ?? {})) {
    if (value === undefined) delete body[key];
    else body[key] = value;
  }
  return body;
}

interface Outcome {
  gate: string | undefined;
  core: 'served' | `refused ${number}`;
  judge: string[];
}

function outcome(cm: MockChannelManager, row: Row, n: number): Outcome {
  const body = bodyOf(row, n);
  const query = new URLSearchParams(row.query ?? `shared_secret=${SECRET}`);
  const bytes = Buffer.from(JSON.stringify(body));
  const request = { ok: true as const, value: body };
  const gate = cm.outsiderOf(query, request, row.operation)?.kind;
  const answer = JSON.parse(String(cm.model.handle(row.operation, query, bytes).body)) as { success: boolean; errors?: Array<{ id: number }> };
  const x: LiveExchange = inboundExchange(row.operation, 0, { body, query: queryRecord(query), requestContentType: 'application/json' });
  const ids = [x.record.id];
  const judged = [...judgeInboundRequest(x, ISSUED, new Map()).judged, ...judgeCandidateBody(row.operation, 'request', body, ids, true)];
  const failed = judged.filter((j) => j.verdict.status === 'fail').map((j) => j.meta.id);
  // SetupProperty's credentials are judged by its step's check (suites/pms/20-setup.yaml), not the inbound judge.
  if (row.operation === 'SetupProperty') {
    const verdict = setupCredentials.run({ subject: body, args: {}, exchanges: ids, now: 0, profile: PROFILE, run: { allowHttp: false } });
    if (verdict.status === 'fail') failed.push('pms.setup.credentials');
  }
  return { gate, core: answer.success ? 'served' : `refused ${answer.errors?.[0]?.id ?? 0}`, judge: failed };
}

describe('one envelope reading: the gate, the core and the judge agree', () => {
  it('over a table of odd ids, passwords and secrets: refused by the core exactly when failed by the judge or kept apart by the gate', () => {
    const cm = mock();
    const disagreements: string[] = [];
    ROWS.forEach((row, n) => {
      const got = outcome(cm, row, n);
      const judgeFails = got.judge.length > 0;
      const refused = got.core !== 'served';
      // An outsider is answered with the spec's error and never judged: the core must refuse it too.
      if (got.gate !== undefined ? !refused : refused !== judgeFails) disagreements.push(`${row.name}: ${JSON.stringify(got)}`);
    });
    expect(disagreements).toEqual([]);
  });

  it('the correct envelope is served and passes; each odd kind is refused and failed (the table can fail)', () => {
    const cm = mock();
    expect(outcome(cm, ROWS[0]!, 0)).toEqual({ gate: undefined, core: 'served', judge: [] });
    expect(outcome(cm, ROWS[1]!, 1)).toEqual({ gate: undefined, core: 'served', judge: [] });
    const array = outcome(cm, { name: 'array id', operation: 'GetRoomTypes', fields: { wbp_property_id: ['1001'] } }, 2);
    expect(array.core).not.toBe('served');
    expect(array.judge).toContain('pms.envelope.credentials');
    const dup = outcome(cm, { name: 'dup', operation: 'GetRatePlans', query: `shared_secret=x&shared_secret=${SECRET}` }, 3);
    expect(dup).toMatchObject({ core: 'refused 1000', judge: ['pms.envelope.query-secret'] });
  });
});
