// A failing check shows why cm-certify reads the spec that way, next to the failure: in the
// terminal compactly (the reading's id and one line, the sentence it rests on), in the HTML
// report in full. A passing check whose rule has a reading shows nothing of it.
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../src/spec/vocabulary.js';
import { readingLines, readingsOf } from '../../src/report/check-readings.js';
import { renderHtml } from '../../src/report/html/index.js';
import { PassThrough } from 'node:stream';
import { formatSummary, terminalReporter } from '../../src/report/terminal.js';
import { Redactor } from '../../src/support/redact.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { buildRunResult } from './run-result-fixture.js';

function checkOf(id: string, outcome: CheckResult['outcome'], level: CheckResult['level'], schemaPointers: string[] = []): CheckResult {
  return {
    id,
    title: `title of ${id}`,
    level,
    spec: 'Endpoints',
    outcome,
    message: outcome === 'pass' ? 'as expected' : 'Unexpected success: expected false, but received true',
    where: { file: 'suites/ota/90-probes.yaml', line: 30, step: 'malformed' },
    evidence: {
      exchanges: [],
      schemaErrors: schemaPointers.map((pointer) => ({
        pointer,
        message: 'must be equal to one of the allowed values',
        keyword: 'enum',
        spec: 'Reservation',
        params: {},
      })),
    },
    counts: { runs: 1, passed: outcome === 'pass' ? 1 : 0, failed: outcome === 'pass' ? 0 : 1, skipped: 0, errored: 0 },
  };
}

/** The fixture run with one more suite: a failing probe, a passing check and a warning, each of which has readings. */
function runWith(...checks: CheckResult[]): RunResult {
  const result = buildRunResult();
  result.suites.push({
    name: 'probes',
    title: 'Requests broken on purpose',
    version: '1.0.0',
    file: 'suites/ota/90-probes.yaml',
    outcome: 'fail',
    durationMs: 10,
    checks,
  });
  return result;
}

const failing = checkOf('probe.malformed.refused', 'fail', 'required');
const passing = checkOf('booking.list-version.offset-5min', 'pass', 'required');
const warning = checkOf('ari.unknown-room.refused', 'warn', 'recommended');

describe('readings beside a failing check', () => {
  it('only a failure or a warning has readings shown', () => {
    expect(readingsOf(failing).map((r) => r.id)).toEqual(['D-104', 'D-113']);
    expect(readingsOf(warning).map((r) => r.id)).toEqual(['D-102']);
    expect(readingsOf(passing)).toEqual([]);
    expect(readingsOf({ ...failing, outcome: 'error' })).toEqual([]);
  });

  it('the terminal prints the reading id, its one line and the sentence it rests on, under the failure', () => {
    const out = formatSummary(runWith(failing, passing, warning), new Chalk({ level: 0 }), { readings: readingLines });
    const failure = out.slice(out.indexOf('✖ probe.malformed.refused'), out.indexOf('Failed checks ('));
    expect(failure).toContain('   reading D-104: A body that is not a JSON object, or is sent as text/plain, must never get success true');
    expect(failure).toContain('     "Every operation is an HTTP POST of a JSON body to `{base_url}/<OperationName>`." (What the service does)');
    expect(failure).toContain('   reading D-113: Invalid JSON, an empty body or an array (no body shared_secret) must not succeed');
    expect(failure).toContain('     "also as body field `shared_secret` (required string)" (Authentication)');
    expect(out.slice(out.indexOf('Warnings ('))).toContain('reading D-102: The field tables say what the sender sends');
    // The passing check's readings (D-012) are nowhere: nothing clutters a pass.
    expect(out).not.toContain('D-012');
    expect(out).not.toContain('booking.list-version.offset-5min');
  });

  it('the terminal reporter loads the readings for a run with a failure or a warning, and prints them', async () => {
    const printed = async (result: RunResult): Promise<string> => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (d: Buffer) => (text += d.toString('utf8')));
      await terminalReporter({ outputDir: '/nonexistent', redactor: new Redactor([]), stdout: out, color: false, interactive: false }).finish!(result);
      return text;
    };
    const failed = await printed(runWith(failing, passing, warning));
    expect(failed).toContain('   reading D-104: A body that is not a JSON object');
    expect(failed).toContain('reading D-102: The field tables say what the sender sends');
    // Only a failure or a warning has readings: a run of passes prints none (and loads none).
    expect(await printed(runWith(passing))).not.toContain('reading D-');
    expect(formatSummary(runWith(failing), new Chalk({ level: 0 }))).not.toContain('reading D-');
  });

  it('the terminal keeps it to two readings per check and names the others', () => {
    const { shown, more } = readingLines(checkOf('pms.callback.notify-polls', 'fail', 'required'));
    expect(shown.map((s) => s.head.split(':')[0])).toEqual(['reading D-032', 'reading D-141']);
    expect(more).toEqual(['D-263', 'D-403']);
    const out = formatSummary(runWith(checkOf('pms.callback.notify-polls', 'fail', 'required')), new Chalk({ level: 0 }), { readings: readingLines });
    expect(out).toContain('   more readings: D-263, D-403 (docs/readings.md)');
  });

  it('beside a schema failure, only the readings about the fields in error', () => {
    const currency = checkOf('schema.response', 'fail', 'required', ['/reservation/TotalCurrency']);
    const other = checkOf('schema.response', 'fail', 'required', ['/Rooms/0/wbp_room_id']);
    expect(readingLines(currency).shown.map((s) => s.head.split(':')[0])).toEqual(['reading D-034']);
    expect(readingLines(other).shown).toEqual([]);
  });

  it('the HTML report shows each reading in full with every quoted sentence, in the failing row only', () => {
    const page = renderHtml(runWith(failing, passing, warning));
    const row = (id: string): string => {
      const start = page.indexOf(`data-check="${id}"`);
      return page.slice(start, page.indexOf('</details>', start));
    };
    const fail = row('probe.malformed.refused');
    expect(fail).toContain('<section class="readings">');
    expect(fail).toContain('data-reading="D-104"');
    expect(fail).toContain('<blockquote><p>All operations: method POST, path `{base_url}/&lt;OperationName&gt;`');
    expect(fail).toContain('<cite>Endpoints</cite>');
    expect(fail).toContain('answering it success: true means the OTA does not read what it serves');
    expect(row('ari.unknown-room.refused')).toContain('data-reading="D-102"');
    expect(row('booking.list-version.offset-5min')).not.toContain('class="readings"');
    expect(page).not.toContain('data-reading="D-012"');
  });
});
