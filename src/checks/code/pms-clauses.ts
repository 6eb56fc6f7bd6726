// Code checks for clauses issue 26 item 3 newly proves on a PMS (PMS target): takes the
// requests the mock channel manager saw and the profile, gives verdicts on whether
// SetupProperty and GetRoomTypes leave RoomInfo out while no deep integration is enabled
// (roominfo-absent-default.1, .2) and whether every ARIUpdate date range keeps to the agreed
// maximum of days (ari-split-large.3; skipped when the profile agrees none).
import { operationOf as op } from '../../spec/exchange.js';
import type { LiveExchange } from '../../spec/exchange.js';
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';

type Obj = Record<string, unknown>;

function bodyOf(x: LiveExchange): Obj | undefined {
  const v = x.request.ok ? x.request.value : undefined;
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
}

const ROOM_INFO_CLAUSE: Readonly<Record<string, string>> = { SetupProperty: 'roominfo-absent-default.1', GetRoomTypes: 'roominfo-absent-default.2' };

export const noRoomInfo: CodeCheck = {
  name: 'no-room-info',
  description: 'while no deep integration is enabled (profile deep_integration), no SetupProperty or GetRoomTypes of the run so far carries RoomInfo',
  run({ pms, profile }) {
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    if (profile.deepIntegration) return skip('the profile says a deep integration is enabled (deep_integration): RoomInfo may be sent', 'not-applicable');
    const asked = pms.inbound.filter((x) => Object.hasOwn(ROOM_INFO_CLAUSE, op(x)));
    if (asked.length === 0) return skip('no SetupProperty or GetRoomTypes yet', 'blocked');
    const carrying = asked.filter((x) => bodyOf(x)?.RoomInfo !== undefined);
    if (carrying.length === 0)
      return pass(`${asked.length} SetupProperty/GetRoomTypes request(s), none with RoomInfo`, { exchanges: asked.slice(0, 5).map((x) => x.record.id) });
    const operations = [...new Set(carrying.map(op))];
    return fail(
      unexpected(
        'RoomInfo',
        'absent (no deep integration is enabled; the list is absent by default)',
        `RoomInfo in ${operations.map((o) => `${o} (${ROOM_INFO_CLAUSE[o]})`).join(' and ')}`,
      ),
      { exchanges: carrying.slice(0, 5).map((x) => x.record.id), pointer: '/RoomInfo', expected: 'no RoomInfo', actual: operations },
    );
  },
};

export const ariRangeDays: CodeCheck = {
  name: 'ari-range-days',
  description: "every Inventory item of the window's ARIUpdate requests spans at most the agreed days per range (profile ari.max_days_per_range)",
  run({ pms, profile }) {
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const max = profile.raw.ari?.max_days_per_range;
    if (max === undefined) return skip('Not applicable: no maximum of days per range is agreed (profile ari.max_days_per_range)', 'not-applicable');
    const ledger = pms.ledger(pms.windowKey);
    if (!ledger || ledger.requests === 0) return skip('no ARIUpdate in this window', 'blocked');
    const longest = ledger.longestRange;
    const text = `${ledger.items} item(s) in ${ledger.requests} request(s); the longest range ${longest.days} day(s)`;
    if (longest.days <= max) return pass(`${text} (at most ${max} agreed)`);
    return fail(`${unexpected('days in one date range', `at most ${max} (the agreed maximum)`, longest.days)}; ${text}`, {
      exchanges: [longest.exchange],
      pointer: longest.pointer,
      expected: max,
      actual: longest.days,
    });
  },
};

export const PMS_CLAUSE_CHECKS: CodeCheck[] = [noRoomInfo, ariRangeDays];
