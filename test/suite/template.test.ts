import { describe, expect, it } from 'vitest';
import { MissingValueError, TemplateValueError, findTemplateError, render, renderString } from '../../src/suite/template.js';
import { parseExpression, parseTemplateString, TemplateSyntaxError } from '../../src/suite/template-parser.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 30, 250);
const scope = (roots: Record<string, unknown> = {}) => ({ now: NOW, roots });

describe('template expressions', () => {
  it('keeps the type of a lone expression and concatenates mixed text', () => {
    const s = scope({ profile: { property: { pms_property_id: 7 } } });
    expect(renderString('${profile.property.pms_property_id}', s)).toBe(7);
    expect(renderString('id-${profile.property.pms_property_id}!', s)).toBe('id-7!');
    expect(renderString('${null}', s)).toBeNull();
  });

  it('does relative dates in UTC: today+30d, across month ends and years', () => {
    expect(renderString('${today}', scope())).toBe('2026-11-21');
    expect(renderString('${today+30d}', scope())).toBe('2026-12-21');
    expect(renderString('${today+1y}', scope())).toBe('2027-11-21');
    expect(renderString('${today-21d}', scope())).toBe('2026-10-31');
    expect(renderString('${end_of_next_year()}', scope())).toBe('2027-12-31');
  });

  it('formats booking versions truncated to the second and offsets times', () => {
    expect(renderString('${version(now)}', scope())).toBe('2026-11-21 12:00:30');
    expect(renderString('${version(now + 4m59s)}', scope())).toBe('2026-11-21 12:05:29');
    expect(renderString('${version(now - 5m)}', scope())).toBe('2026-11-21 11:55:30');
    expect(renderString('${version(captures.t + 4m59s)}', scope({ captures: { t: '2026-01-01 00:00:00' } }))).toBe('2026-01-01 00:04:59');
  });

  it('takes the earliest of several times in any supported form', () => {
    const s = scope({ captures: { a: NOW, b: '2026-11-21 11:59:00' } });
    expect(renderString('${version(earliest(captures.a, captures.b))}', s)).toBe('2026-11-21 11:59:00');
  });

  it('fresh guids are 8-4-4-4-12 and differ per call', () => {
    const a = renderString('${guid()}', scope()) as string;
    const b = renderString('${guid()}', scope()) as string;
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it('wrong() never contains or reverses the value it replaces', () => {
    const secret = 'super-secret-value';
    const v = renderString('${wrong(profile.s)}', scope({ profile: { s: secret } })) as string;
    expect(v).not.toContain(secret);
    expect(v).not.toContain([...secret].reverse().join(''));
  });

  it('int() converts digit strings and refuses the rest with a clear error', () => {
    expect(renderString('${int(p.id)}', scope({ p: { id: '1001' } }))).toBe(1001);
    expect(() => renderString('${int(p.id)}', scope({ p: { id: 'lake_view' } }))).toThrow(TemplateValueError);
  });

  it('indexes arrays and picks fields from lists', () => {
    const s = scope({ captures: { list: [{ booking_id: 'A' }, { booking_id: 'B' }] } });
    expect(renderString('${captures.list[1].booking_id}', s)).toBe('B');
    expect(renderString("${pick(captures.list, 'booking_id')}", s)).toEqual(['A', 'B']);
  });

  it('reports a missing value with its root so the runner can tell input from failure', () => {
    try {
      renderString('${captures.booking.id}', scope({ captures: {} }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MissingValueError);
      expect((error as MissingValueError).root).toBe('captures');
      expect((error as MissingValueError).path).toBe('captures.booking');
    }
  });

  it("coalesce() takes the first value that exists and is not null; all missing: the first one's error", () => {
    const s = scope({ response: { id: null, other: 'b' }, created: { id: 'a' } });
    expect(renderString('${coalesce(response.nope, response.id, created.id)}', s)).toBe('a');
    expect(renderString('${coalesce(response.other, created.id)}', s)).toBe('b');
    expect(renderString('${coalesce(response.nope, null)}', s)).toBeNull();
    expect(() => renderString('${coalesce(response.nope, captures.x)}', s)).toThrow(MissingValueError);
  });

  it('renders nested bodies and leaves keys and non-strings alone', () => {
    const out = render({ a: ['${today}', 3, true, null], '${k}': { b: 'x' } }, scope());
    expect(out).toEqual({ a: ['2026-11-21', 3, true, null], '${k}': { b: 'x' } });
  });

  it('escapes $${ as a literal', () => {
    expect(renderString('cost: $${x}', scope())).toBe('cost: ${x}');
  });

  it('rejects syntax errors with the position', () => {
    expect(() => parseExpression('today +')).toThrow(TemplateSyntaxError);
    expect(() => parseExpression('today + 5')).toThrow(/duration/);
    expect(() => parseTemplateString('${unclosed')).toThrow(/unterminated/);
    expect(() => parseExpression('a # b')).toThrow(/unexpected character/);
  });

  it('finds unknown names and functions at load time, with the path', () => {
    const roots = new Set(['profile', 'captures']);
    expect(findTemplateError({ body: { x: ['ok', '${nope.x}'] } }, roots)).toEqual({
      path: ['body', 'x', 1],
      message: expect.stringContaining('unknown name "nope"'),
    });
    expect(findTemplateError('${explode()}', roots)?.message).toContain('unknown function explode()');
    expect(findTemplateError({ ok: '${profile.a} ${today+1d} ${guid()}' }, roots)).toBeUndefined();
  });

  it('refuses to add a time of day to a date', () => {
    expect(() => renderString('${today+5m}', scope())).toThrow(TemplateValueError);
  });
});

describe('keys that look like prototypes', () => {
  it('a "__proto__" key in a body stays an own key (found by the property-based test)', () => {
    const body = JSON.parse('{"__proto__": {"x": "${today}"}, "a": 1}') as Record<string, unknown>;
    const out = render(body, scope()) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"x":"2026-11-21"},"a":1}');
  });
});
