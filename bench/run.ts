// The benchmark entry (`npm run bench`): takes flags (--quick for small sizes while
// developing, --full-scaling for 1000 rooms x 730 days, --json FILE to keep the numbers),
// runs ingestion, scaling, run overhead, the OTA certification and start-up, and prints ONE
// table: measurement, result, baseline (measured in the same run), ratio, target, status.
// A missed target is printed as MISS; the exit code stays 0.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { measureAriOrder } from './ari-order.js';
import type { AriOrderResult } from './ari-order.js';
import { measureIngestion } from './ingestion.js';
import type { IngestionSummary } from './ingestion.js';
import { describeMachine } from './machine.js';
import type { OverheadResult } from './overhead-child.js';
import { measureCertification, measureOverhead } from './overhead.js';
import { measureScaling } from './scaling.js';
import type { ScalingPoint, ScalingRow } from './scaling.js';
import { measureStartup } from './startup.js';
import { describePmsTime, measurePmsCertification, measurePmsEstimate, pmsIntervals } from './pms-certification.js';
import type { PmsCertificationTime, PmsEstimateCheck } from './pms-certification.js';
import { measureReferenceRun, measureSideBySide } from './side-by-side.js';
import { referenceRunRows, sideBySideRows, suiteParseRow } from './side-by-side-rows.js';
import { measureAgainstTools, toolRows } from './side-by-side-tools.js';
import { measureSuiteParse } from './suite-parse.js';
import type { RefreshShape } from './synthetic-refresh.js';

interface Plan {
  ingestion: RefreshShape & { runs: number };
  /** The ingestion shape is reused at its room count. */
  scaling: Array<{ rooms: number; days: number; runs: number }>;
  overhead: { requests: number; runs: number };
  certificationRuns: number;
  startupRuns: number;
  sideBySide: { counts: number[]; runs: number; referenceRuns: number; parseRuns: number };
  /** Issue 21: items per ARIUpdate (two requests), newest first against oldest first. */
  ariOrder: { items: number; runs: number };
}

const PLANS: Record<'full' | 'quick', Plan> = {
  full: {
    // 5 alternating runs: one run of the baseline (about 1 s) moved by 30 % in an idle bench (round 40).
    ingestion: { rooms: 100, plansPerRoom: 10, days: 730, itemsPerRequest: 300, runs: 5 },
    // 1000 rooms x 730 days is 7.3 M items: 219 days (2.19 M items) shows the growth; --full-scaling runs all.
    scaling: [
      { rooms: 10, days: 730, runs: 3 },
      { rooms: 100, days: 730, runs: 0 },
      { rooms: 1000, days: 219, runs: 1 },
    ],
    overhead: { requests: 100, runs: 40 },
    certificationRuns: 3,
    startupRuns: 20,
    sideBySide: { counts: [100], runs: 9, referenceRuns: 3, parseRuns: 7 },
    ariOrder: { items: 60_000, runs: 3 },
  },
  quick: {
    ingestion: { rooms: 10, plansPerRoom: 10, days: 120, itemsPerRequest: 300, runs: 1 },
    scaling: [
      { rooms: 2, days: 120, runs: 1 },
      { rooms: 10, days: 120, runs: 0 },
      { rooms: 40, days: 120, runs: 1 },
    ],
    overhead: { requests: 100, runs: 5 },
    certificationRuns: 1,
    startupRuns: 5,
    sideBySide: { counts: [100], runs: 3, referenceRuns: 1, parseRuns: 3 },
    ariOrder: { items: 60_000, runs: 1 },
  },
};

const IN_FLIGHT = 8;

type Status = 'pass' | 'MISS' | 'info';

interface Row {
  measurement: string;
  result: string;
  baseline: string;
  ratio: string;
  target: string;
  status: Status;
}

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const ms = (n: number): string => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);

/** The mock's ingestion against bare JSON.parse + Ajv: issue 27 item 6 (0.2; an earlier 0.5 was set before the ledger and evidence were judged per item). */
const INGESTION_TARGET = 0.2;

function ingestionRows(s: IngestionSummary): Row[] {
  const ratio = s.mockItemsPerSec / s.baselineItemsPerSec;
  const { rooms, plansPerRoom, days, itemsPerRequest } = s.shape;
  return [
    {
      measurement: `Ingestion: ${rooms} rooms x ${plansPerRoom} plans x ${days} days = ${int(s.items)} items in ${int(s.requests)} requests of ${itemsPerRequest}, ${IN_FLIGHT} in flight`,
      result: `${int(s.mockItemsPerSec)} items/s (CPU: mock ${ms(s.mockCpuMs)}, PMS client ${ms(s.clientCpuMs)})`,
      baseline: `${int(s.baselineItemsPerSec)} items/s (JSON.parse + Ajv)`,
      ratio: ratio.toFixed(2),
      target: `>= ${INGESTION_TARGET}`,
      status: ratio >= INGESTION_TARGET ? 'pass' : 'MISS',
    },
    {
      measurement: 'Ingestion floor: the same client and HTTP to a bare node:http server doing only JSON.parse + Ajv (no channel-manager work)',
      result: `${int(s.floorItemsPerSec)} items/s`,
      baseline: `${int(s.baselineItemsPerSec)} items/s (JSON.parse + Ajv)`,
      ratio: (s.floorItemsPerSec / s.baselineItemsPerSec).toFixed(2),
      target: '(the most any HTTP ingestion reaches here)',
      status: 'info',
    },
    {
      measurement: 'Ingestion: peak RSS of the mock channel manager process',
      result: `${int(s.mockPeakRssMb)} MB`,
      baseline: '-',
      ratio: '-',
      target: '< 300 MB',
      status: s.mockPeakRssMb < 300 ? 'pass' : 'MISS',
    },
  ];
}

function overheadRow(o: OverheadResult): Row {
  const ratio = o.harnessMs / o.loopMs;
  return {
    measurement: `Run overhead: ${o.requests}-request scenario through the runner vs a plain undici loop, in-process reference OTA over ${o.tls ? 'HTTPS' : 'HTTP'}, median of ${o.runs}`,
    result: ms(o.harnessMs),
    baseline: `${ms(o.loopMs)} (undici loop)`,
    ratio: ratio.toFixed(2),
    target: '<= 1.5',
    status: ratio <= 1.5 ? 'pass' : 'MISS',
  };
}

/** Each size after the first: its time per added item against the first such slope. */
function scalingRow(row: ScalingRow, i: number, all: ScalingRow[]): Row {
  const measurement = `Scaling: ${row.rooms} rooms x ${row.days} days = ${int(row.items)} items`;
  const result = `${ms(row.ms)}, ${row.usPerItem.toFixed(2)} us/item, ${int(row.peakRssMb)} MB`;
  if (row.usPerAddedItem === undefined || row.relative === undefined)
    return { measurement, result, baseline: '-', ratio: '-', target: '(first size)', status: 'info' };
  const added = `${row.usPerAddedItem.toFixed(2)} us per item added since ${int(all[i - 1]!.items)}`;
  const first = all[1]!.usPerAddedItem!;
  if (i === 1) return { measurement, result: `${result}; ${added}`, baseline: '-', ratio: '1.00', target: '(first slope)', status: 'info' };
  return {
    measurement,
    result: `${result}; ${added}`,
    baseline: `${first.toFixed(2)} us per added item (${int(all[0]!.items)} -> ${int(all[1]!.items)})`,
    ratio: row.relative.toFixed(2),
    target: '<= 1.25 (linear)',
    status: row.relative <= 1.25 ? 'pass' : 'MISS',
  };
}

function printTable(rows: Row[]): void {
  const header: Row = { measurement: 'measurement', result: 'result', baseline: 'baseline', ratio: 'ratio', target: 'target', status: 'info' };
  const keys = ['measurement', 'result', 'baseline', 'ratio', 'target', 'status'] as const;
  const cell = (row: Row, key: (typeof keys)[number]): string => (row === header && key === 'status' ? 'status' : row[key]);
  const widths = keys.map((k) => Math.max(...[header, ...rows].map((r) => cell(r, k).length)));
  const line = (row: Row): string => `| ${keys.map((k, i) => cell(row, k).padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(`${line(header)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}

/** The user suite the parse row reads: the 100-request side-by-side suite (161 KB). */
const PARSE_STEPS = 100;

/** The side-by-side rows alone (`--side-by-side`): whole processes against the plain loop. */
async function sideBySideTable(plan: Plan, log: (line: string) => void, reference = true, tools?: string): Promise<Row[]> {
  const { counts, runs, referenceRuns, parseRuns } = plan.sideBySide;
  log('  user suite parse ...');
  const parse = measureSuiteParse(PARSE_STEPS, parseRuns);
  const sides = await measureSideBySide(counts, runs, log);
  // Newman and Step CI only from a folder given (--tools DIR): the bench downloads nothing.
  const others = tools ? toolRows(await measureAgainstTools(tools, PARSE_STEPS, runs, log)) : [];
  const refs = reference ? [await measureReferenceRun('ota', referenceRuns, log), await measureReferenceRun('pms', referenceRuns, log)] : [];
  return [...sideBySideRows(sides), ...others, suiteParseRow(parse), ...referenceRunRows(refs)];
}

/** Issue 21: ARI newest first costs what oldest first costs (O(log n) per item in any order). */
function ariOrderRow(r: AriOrderResult): Row {
  const ratio = r.newestFirstMs / r.oldestFirstMs;
  const inTime = r.newestFirstMs < 2_000;
  return {
    measurement: `ARI newest first: 2 ARIUpdate requests of ${int(r.items)} one-day items (one room x rate plan, descending dates) through the mock channel manager, median of ${r.runs}`,
    result: `${ms(r.newestFirstMs)} (CPU ${ms(r.newestFirstCpuMs)})`,
    baseline: `${ms(r.oldestFirstMs)} (CPU ${ms(r.oldestFirstCpuMs)}) (the same items oldest first)`,
    ratio: ratio.toFixed(2),
    target: '<= 1.5 and < 2 s',
    status: ratio <= 1.5 && inTime ? 'pass' : 'MISS',
  };
}

/** Issue 12: a PMS certification at the spec defaults takes at most 4 polling intervals plus the full refresh. */
function pmsTimeRow(t: PmsCertificationTime): Row {
  const intervals = pmsIntervals(t);
  return {
    measurement: `PMS certification of the reference PMS at the spec defaults, ${t.bookingCreate ? '30-minute polling (BookingCreate)' : '5-minute polling'}, run time on the injected clock`,
    result: describePmsTime(t),
    baseline: `${(t.pollMs / 60_000).toFixed(0)} min (one polling interval)`,
    ratio: intervals.toFixed(1),
    target: '<= 4 intervals + full refresh',
    status: intervals <= 4 ? 'pass' : 'MISS',
  };
}

/** The estimate a PMS run prints against the run it measured (issue 28 item 17): off beyond 25 % is a MISS. */
function pmsEstimateRow(e: PmsEstimateCheck): Row {
  const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  return {
    measurement:
      'PMS run estimate: the reference PMS at its own short polling (reference-pms.yaml), the printed "Estimated length" against the run on the injected clock',
    result: `estimated ${s(e.estimatedMs)}, measured ${s(e.measuredMs)} (${(e.off * 100).toFixed(0)} % off; ${e.verdict}; ${s(e.realMs)} real)`,
    baseline: s(e.measuredMs),
    ratio: (e.estimatedMs / e.measuredMs).toFixed(2),
    target: 'within 25 %',
    status: e.off <= 0.25 ? 'pass' : 'MISS',
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean' },
      'full-scaling': { type: 'boolean' },
      'side-by-side': { type: 'boolean' },
      'no-reference': { type: 'boolean' },
      'suite-parse': { type: 'boolean' },
      'ari-order': { type: 'boolean' },
      ingestion: { type: 'boolean' },
      overhead: { type: 'boolean' },
      json: { type: 'string' },
      tools: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(
      'node --expose-gc dist/bench/run.js [--quick] [--full-scaling] [--side-by-side [--no-reference] | --suite-parse | --ari-order | --ingestion | --overhead] [--tools DIR] [--json FILE]\n' +
        '  --side-by-side  only the whole-process rows against the plain loop (and the suite parse, run --reference)\n' +
        '  --no-reference  with --side-by-side: without the whole `run --reference` processes (about a minute)\n' +
        '  --tools DIR     also time Newman and Step CI installed in DIR (npm install --prefix DIR newman@6 stepci@2; never downloaded here)\n' +
        `  --suite-parse   only the user-suite parse row (loadSuite of the ${PARSE_STEPS}-step suite: cold and from the user-suite cache in fresh processes, and warm)\n` +
        '  --ari-order     only the ARI row: newest-first items against oldest-first ones through the mock\n' +
        '  --ingestion     only the ingestion rows: the mock against JSON.parse + Ajv, its floor and its peak RSS\n' +
        '  --overhead      only the two run-overhead rows (HTTP, HTTPS)\n',
    );
    return;
  }
  const plan = PLANS[values.quick ? 'quick' : 'full'];
  if (values['full-scaling']) plan.scaling = plan.scaling.map((p) => ({ ...p, days: 730 }));
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const machine = describeMachine();
  log(`cm-certify benchmarks (${values.quick ? 'quick' : 'full'}) on ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB, Node ${machine.node}`);
  if (values['suite-parse']) {
    printResults(machine, [suiteParseRow(measureSuiteParse(PARSE_STEPS, plan.sideBySide.parseRuns))], values.json, {});
    return;
  }
  if (values['ari-order']) {
    const ariOrder = await measureAriOrder(plan.ariOrder.items, plan.ariOrder.runs, log);
    printResults(machine, [ariOrderRow(ariOrder)], values.json, { ariOrder });
    return;
  }
  if (values.overhead) {
    log('  run overhead (HTTP, HTTPS) ...');
    const overhead = await measureOverhead(plan.overhead.requests, plan.overhead.runs, false);
    const overheadTls = await measureOverhead(plan.overhead.requests, plan.overhead.runs, true);
    printResults(machine, [overheadRow(overhead), overheadRow(overheadTls)], values.json, { overhead, overheadTls });
    return;
  }
  if (values['side-by-side']) {
    printResults(machine, await sideBySideTable(plan, log, !values['no-reference'], values.tools), values.json, {});
    return;
  }

  const { runs, ...shape } = plan.ingestion;
  const ingestion = await measureIngestion(shape, runs, IN_FLIGHT, log);
  if (values.ingestion) {
    printResults(machine, ingestionRows(ingestion), values.json, { ingestion });
    return;
  }
  const points: ScalingPoint[] = plan.scaling.map((p) => {
    const pointShape = { ...shape, rooms: p.rooms, days: p.days };
    const same = p.rooms === shape.rooms && p.days === shape.days;
    return {
      shape: pointShape,
      runs: p.runs,
      ...(same ? { known: { ms: ingestion.mockMs, items: ingestion.items, peakRssMb: ingestion.mockPeakRssMb } } : {}),
    };
  });
  const scaling = await measureScaling(points, IN_FLIGHT, log);
  log('  run overhead (HTTP, HTTPS) ...');
  const overhead = await measureOverhead(plan.overhead.requests, plan.overhead.runs, false);
  const overheadTls = await measureOverhead(plan.overhead.requests, plan.overhead.runs, true);
  const certification = await measureCertification(plan.certificationRuns, log);
  log('  start-up ...');
  const startup = await measureStartup(plan.startupRuns);
  log('  PMS certification length at the spec defaults (injected clock) ...');
  const pmsTimes = [await measurePmsCertification(false), await measurePmsCertification(true)];
  log('  PMS run estimate against the run (short polling, injected clock) ...');
  const pmsEstimate = await measurePmsEstimate();
  const sideRows = await sideBySideTable(plan, log, true, values.tools);
  log('  ARI newest first ...');
  const ariOrder = await measureAriOrder(plan.ariOrder.items, plan.ariOrder.runs, log);

  const startupRatio = startup.versionMs / startup.nodeMs;
  const rows: Row[] = [
    ...ingestionRows(ingestion),
    overheadRow(overhead),
    overheadRow(overheadTls),
    {
      measurement: `OTA certification of the reference OTA: cm-certify run --target ota --reference (real clock), median of ${certification.runs}`,
      result: `${ms(certification.ms)} (${certification.checks} checks, ${certification.exchanges} exchanges)`,
      baseline: '-',
      ratio: '-',
      target: '(reported)',
      status: 'info',
    },
    {
      measurement: `Start-up: cm-certify --version, median of ${startup.runs}`,
      result: ms(startup.versionMs),
      baseline: `${ms(startup.nodeMs)} (node -e 0)`,
      ratio: startupRatio.toFixed(2),
      target: '<= 3',
      status: startupRatio <= 3 ? 'pass' : 'MISS',
    },
    ...scaling.map((row, i): Row => scalingRow(row, i, scaling)),
    ...pmsTimes.map(pmsTimeRow),
    pmsEstimateRow(pmsEstimate),
    ...sideRows,
    ariOrderRow(ariOrder),
  ];
  printResults(machine, rows, values.json, { ingestion, scaling, overhead, overheadTls, certification, startup, pmsTimes, pmsEstimate, ariOrder });
}

function printResults(machine: ReturnType<typeof describeMachine>, rows: Row[], json: string | undefined, details: Record<string, unknown>): void {
  process.stdout.write(
    `\ncm-certify benchmarks, ${machine.date}: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM, Node ${machine.node}, ${machine.os}\n\n`,
  );
  printTable(rows);
  const missed = rows.filter((r) => r.status === 'MISS');
  process.stdout.write(
    missed.length ? `\nMISSED ${missed.length} target(s): ${missed.map((r) => r.measurement.split(':')[0]).join(', ')}\n` : '\nEvery target met.\n',
  );
  if (json) writeFileSync(json, `${JSON.stringify({ machine, ...details, rows }, null, 2)}\n`);
}

await main();
