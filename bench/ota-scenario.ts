// The side-by-side OTA scenario: takes a request count and a directory, writes (a) a user
// suite file (YAML, as a partner would write it: one call step per request with a declared
// `success: true` check) and (b) the same requests as JSON for the plain loop. The mix is
// HealthCheck, SetupProperty, GetRoomTypes, GetRatePlans and ARIUpdate (10 Inventory items
// of twelve fields, block style), with an ARIUpdate between each of the others, so that 1000
// steps make a suite of about 1.6 MB. Dates are concrete (today + n), so both sides send
// byte-for-byte the same bodies apart from the envelope's fresh guid.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MessageName } from '../src/spec/operations.js';

export interface ScenarioRequest {
  operation: MessageName;
  body: Record<string, unknown>;
}

export interface ScenarioFiles {
  suite: string;
  requests: string;
  bytes: number;
}

/** Room x rate-plan pairs the reference OTA's property lists (fixtures/property.json). */
const PAIRS: ReadonlyArray<[string, string]> = [
  ['4101', 'DBL-FLEX'],
  ['4101', 'DBL-BB'],
  ['4102', 'FAM-FLEX'],
  ['4103', 'DORM-BED'],
  ['4104', 'NONREF'],
];

const OTHERS: readonly MessageName[] = ['HealthCheck', 'SetupProperty', 'GetRoomTypes', 'GetRatePlans'];

function isoDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

function inventory(step: number): Array<Record<string, unknown>> {
  return Array.from({ length: 10 }, (_, i) => {
    const [room, rate] = PAIRS[(step + i) % PAIRS.length]!;
    const start = 1 + ((step * 10 + i) % 300);
    return {
      wbp_room_id: room,
      wbp_rate_id: rate,
      start_date: isoDay(start),
      end_date: isoDay(start + 6),
      units: (step + i) % 7,
      rate: `${80 + ((step + i) % 40)}.50`,
      rdef_single: `${70 + (i % 9)}.00`,
      min_los: 1 + (i % 3),
      max_los: 14,
      closearr: i % 5 === 0,
      close: false,
    };
  });
}

export function scenarioRequests(count: number): ScenarioRequest[] {
  return Array.from({ length: count }, (_, i) => {
    if (i % 2 === 1) return { operation: 'ARIUpdate', body: { currency: 'EUR', Inventory: inventory(i) } };
    return { operation: OTHERS[(i / 2) % OTHERS.length]!, body: {} };
  });
}

function yamlScalar(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function stepYaml(request: ScenarioRequest, i: number): string[] {
  const lines = [`  - id: step-${i}`, `    title: ${request.operation} ${i}`, `    call: ${request.operation}`];
  const inv = request.body.Inventory as Array<Record<string, unknown>> | undefined;
  if (inv) {
    lines.push('    body:', `      currency: ${yamlScalar(request.body.currency)}`, '      Inventory:');
    for (const item of inv) {
      Object.entries(item).forEach(([k, v], j) => lines.push(`        ${j === 0 ? '- ' : '  '}${k}: ${yamlScalar(v)}`));
    }
  }
  lines.push('    checks:', '      - id: scenario.success', '        expect: { success: true }');
  return lines;
}

export function scenarioYaml(requests: readonly ScenarioRequest[]): string {
  const head = [
    `suite: side-by-side-${requests.length}`,
    `title: Side by side, ${requests.length} requests`,
    'version: 1.0.0',
    'target: ota',
    'checks:',
    '  - id: scenario.success',
    '    title: Every request succeeds',
    '    level: required',
    '    spec: Endpoints',
    'steps:',
  ];
  return `${[...head, ...requests.flatMap(stepYaml)].join('\n')}\n`;
}

/** `envelope(operation)`: the envelope without guid, which the loop adds per request. */
export function writeScenario(dir: string, count: number, envelope: (operation: MessageName) => Record<string, unknown>): ScenarioFiles {
  const requests = scenarioRequests(count);
  const suite = join(dir, `side-by-side-${count}.yaml`);
  const file = join(dir, `side-by-side-${count}.requests.json`);
  const yaml = scenarioYaml(requests);
  writeFileSync(suite, yaml);
  writeFileSync(file, JSON.stringify(requests.map((r) => ({ operation: r.operation, body: { ...envelope(r.operation), ...r.body } }))));
  return { suite, requests: file, bytes: Buffer.byteLength(yaml) };
}
