// The channel manager's own reservation format: a template file is checked when the profile
// loads (a bad one names file, line and field), and fills in a booking as the mock serves it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMockReservation } from '../../src/drivers/mock-cm/reservation-render.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { parseReservationTemplate } from '../../src/profile/reservation-template.js';
import { ChannelManager } from '../../src/channel-manager/index.js';
import { ManualClock } from '../../src/support/clock.js';
import { ProfileError } from '../../src/support/errors.js';
import { packagePath } from '../../src/support/package-root.js';
import { tempDir } from '../support/temp-dir.js';

const EXAMPLE = packagePath('docs', 'suites', 'pms', 'reservation-template.example.json');

function problem(text: string): ProfileError {
  try {
    parseReservationTemplate(text, 'cm.json');
  } catch (error) {
    if (error instanceof ProfileError) return error;
    throw error;
  }
  throw new Error('the template was accepted');
}

function booking(nights = 2) {
  const model = new ChannelManager({
    clock: new ManualClock(Date.UTC(2026, 10, 21, 9, 30, 0)),
    sharedSecret: 's',
    property: { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'p' },
  });
  const id = model.createBooking({ arrivalInDays: 10, nights });
  return model.bookings.get(id)!;
}

describe('reservation template: checked at load', () => {
  it('names the line and field of an unknown placeholder', () => {
    const e = problem('{\n  "OrderId": "{{booking.id}}",\n  "Guest": "{{booking.guest_name}}"\n}');
    expect(e.location).toEqual({ file: 'cm.json', line: 3, field: '/Guest' });
    expect(e.message).toContain('unknown placeholder {{booking.guest_name}}');
  });

  it('refuses room and night placeholders outside the arrays that repeat them', () => {
    expect(problem('{\n"Arrival": "{{room.arrival}}"\n}').location).toMatchObject({ line: 2, field: '/Arrival' });
    expect(problem('{"Nights": [{"Date": "{{night.date}}"}]}').message).toContain('inside the array repeated per room');
  });

  it('names the line of a JSON syntax error, and refuses a template that is not an object', () => {
    const e = problem('{\n  "OrderId": "{{booking.id}}",\n  "Rooms": [\n}');
    expect(e.location?.file).toBe('cm.json');
    expect(e.location?.line).toBeGreaterThanOrEqual(3);
    expect(problem('[1]').location).toMatchObject({ field: '/' });
    expect(problem('{"a": "{{oops"}').message).toContain('not a placeholder');
  });

  it('loads through the profile, relative to the profile file; an unreadable file names the profile field', () => {
    const dir = tempDir('cm-template-');
    writeFileSync(join(dir, 'cm.json'), '{"OrderId": "{{booking.id}}"}');
    const head =
      'target: pms\nbase_url: https://pms.test/cb\nshared_secret: s\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\n';
    writeFileSync(join(dir, 'p.yaml'), `${head}mock:\n  reservation_template: cm.json\n`);
    expect(loadProfile(join(dir, 'p.yaml'), {}).reservationTemplate?.value).toEqual({ OrderId: '{{booking.id}}' });
    writeFileSync(join(dir, 'q.yaml'), `${head}mock:\n  reservation_template: missing.json\n`);
    expect(() => loadProfile(join(dir, 'q.yaml'), {})).toThrow(/q\.yaml.*mock\.reservation_template.*cannot read/);
    writeFileSync(join(dir, 'bad.json'), '{\n"x": "{{room.units}}"\n}');
    writeFileSync(join(dir, 'r.yaml'), `${head}mock:\n  reservation_template: bad.json\n`);
    expect(() => loadProfile(join(dir, 'r.yaml'), {})).toThrow(/bad\.json:2 \(\/x\)/);
  });
});

describe('reservation template: filled in', () => {
  it('repeats rooms per stay and nights per night, keeps types, and gives both date conventions', () => {
    const b = booking(3);
    const out = renderMockReservation(b, parseReservationTemplate(readFileSync(EXAMPLE, 'utf8'), EXAMPLE)) as any;
    const stay = b.stays[0]!;
    expect(out.OrderId).toBe(b.id);
    expect(out.TotalPrice).toBeTypeOf('number');
    expect(out.Remarks).toBe(`Booking ${b.id} via the channel manager`);
    expect(out.Rooms).toHaveLength(b.stays.length);
    expect(out.Rooms[0].ChannelRoomType).toBe(String(stay.wbp_room_id));
    expect(out.Rooms[0].DayRates.map((d: any) => d.Date)).toHaveLength(3);
    expect(out.Rooms[0].StartDate).toBe(stay.start);
    expect(out.Rooms[0].EndDate).toBe(out.Rooms[0].DayRates[2].Date);
    expect(out.Rooms[0].Departure > out.Rooms[0].EndDate).toBe(true);
    expect(out.Customers).toEqual(b.customers);
  });

  it('without a template serves the built-in format', () => {
    const b = booking();
    const out = renderMockReservation(b) as any;
    expect(out.Rooms[0].ChannelRoomType).toBe(String(b.stays[0]!.wbp_room_id));
    expect(out.Rooms[0].EndDate).toBe(out.Rooms[0].DayRates.at(-1).Date);
  });
});
