// The channel manager's own reservation format (profile `mock.reservation_template`): takes
// the template file's JSON text, gives the parsed template after checking every
// `{{placeholder}}` is known and used where it can be filled (room placeholders inside the
// one-element array that repeats per booked room, night placeholders inside the one that
// repeats per night). A bad template is a ProfileError naming file, line and field.
import { ProfileError } from '../support/errors.js';
import { decodeInput, readInputBytes } from '../support/read-input.js';
import { MAX_JSON_DEPTH, jsonTextDepthOffset } from '../support/json-depth.js';
import { isYamlProblem, parseYaml, positionAt, withoutBom } from '../support/yaml-source.js';
import { PLACEHOLDER_RE, RESERVATION_PLACEHOLDERS, repeatScope, type PlaceholderScope, type ReservationTemplate } from '../spec/reservation-template.js';

/** The 1-based line of character `index` in `text`. */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function pointerOf(path: Array<string | number>): string {
  return path.length === 0 ? '/' : path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

class Checker {
  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  fail(message: string, path: Array<string | number>, needle?: string): never {
    const at = needle ? this.text.indexOf(needle) : -1;
    throw new ProfileError(`mock.reservation_template: ${message}`, { file: this.file, line: at >= 0 ? lineAt(this.text, at) : 1, field: pointerOf(path) });
  }

  walk(value: unknown, path: Array<string | number>, open: Set<PlaceholderScope>): void {
    if (typeof value === 'string') {
      for (const m of value.matchAll(PLACEHOLDER_RE)) this.placeholder(m[1]!, m[0], path, open);
      if (/\{\{/.test(value.replace(PLACEHOLDER_RE, ''))) this.fail(`"${value.slice(0, 60)}" has a "{{" that is not a placeholder {{scope.name}}`, path, value);
      return;
    }
    if (Array.isArray(value)) {
      const scope = value.length === 1 ? repeatScope(value[0], open.has('room')) : undefined;
      const inner = scope ? new Set([...open, scope]) : open;
      if (scope === 'night' && !open.has('room'))
        this.fail('night placeholders must sit in an array repeated per night inside the array repeated per room', path);
      value.forEach((v, i) => this.walk(v, [...path, i], inner));
      return;
    }
    if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) this.walk(v, [...path, k], open);
  }

  private placeholder(name: string, raw: string, path: Array<string | number>, open: Set<PlaceholderScope>): void {
    if (!Object.hasOwn(RESERVATION_PLACEHOLDERS, name)) {
      this.fail(`unknown placeholder ${raw} (known: ${Object.keys(RESERVATION_PLACEHOLDERS).join(', ')})`, path, raw);
    }
    const scope = name.split('.')[0] as PlaceholderScope;
    if (scope !== 'booking' && !open.has(scope)) {
      this.fail(`${raw} is used outside a one-element array that repeats per ${scope}`, path, raw);
    }
  }
}

/** Where JSON.parse's error is: its position when it gives one, else the YAML reader's (JSON is YAML). */
function notJsonAt(text: string, file: string, message: string): { line: number; column: number } {
  const position = /position (\d+)/.exec(message);
  if (position) return positionAt(text, Number(position[1]));
  const yaml = parseYaml(text, file);
  const at = isYamlProblem(yaml) ? yaml.location : undefined;
  return { line: at?.line ?? 1, column: at?.column ?? 1 };
}

/** Pure: the template file's text -> the template, or a ProfileError naming file, line and field. */
export function parseReservationTemplate(source: string, file: string): ReservationTemplate {
  const text = withoutBom(source);
  // The template is sent as a body: nested past MAX_JSON_DEPTH it would be refused anyway,
  // and the checks below recurse.
  const deep = jsonTextDepthOffset(text);
  if (deep >= 0) throw new ProfileError(`mock.reservation_template: the JSON nests deeper than ${MAX_JSON_DEPTH} levels`, { file, ...positionAt(text, deep) });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    throw new ProfileError(`mock.reservation_template: not JSON (${message.split('\n')[0]})`, { file, ...notJsonAt(text, file, message) });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ProfileError('mock.reservation_template: the template must be a JSON object (the reservation)', { file, line: 1, field: '/' });
  }
  new Checker(text, file).walk(value, [], new Set());
  return { file, value: value as Record<string, unknown> };
}

/** Reads and parses the template; an unreadable file names the profile field that points at it. */
export function loadReservationTemplate(path: string, profileFile: string, line?: number): ReservationTemplate {
  const bytes = readInputBytes(path, `mock.reservation_template ${path}`, ProfileError, {
    location: { file: profileFile, ...(line ? { line } : {}), field: 'mock.reservation_template' },
  });
  return parseReservationTemplate(decodeInput(bytes, path, 'reservation template', ProfileError), path);
}

/** How the built-in format lays a booking out: the report and the docs print these. */
export const BUILT_IN_RESERVATION_CONVENTIONS: readonly string[] = [
  'room id: Rooms[].ChannelRoomType (the channel room id as a string); rate plan: Rooms[].DayRates[].RateId',
  'dates: Rooms[].StartDate is the arrival (first night); Rooms[].EndDate is the LAST NIGHT, not the departure day (departure = EndDate + 1 day)',
  'prices: Rooms[].DayRates[].Rate per unit and night; Rooms[].Price = sum of DayRates Rate x Units; TotalPrice = sum of Rooms[].Price',
  'status: IsCancellation and IsModification are 0 or 1; OrderDate/OrderTime are UTC',
  'guests: Customers[] with CustomerFName, CustomerLName, CustomerEmail, CustomerCountry (ISO alpha-2); Payments is not sent',
];
