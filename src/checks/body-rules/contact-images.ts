// Property contact and image body rules: takes a CreateProperty or UpdateRoom request body,
// gives verdicts on what its schema cannot say: address.phone and address.fax, when set,
// carry the international country code (prop-address-contact.10, .11), and every image url
// is a publicly accessible, absolute URL (img-fields.1). Readings D-351 and D-352.
import { isIP } from 'node:net';
import { SPEC } from '../../spec/sections.js';
import { fail, pass, unexpected } from '../check-verdict.js';
import type { CheckMeta, Verdict } from '../../spec/vocabulary.js';
import type { BodyRule } from './types.js';
import { blocked, defineRule, isObject, MAX_OFFENDERS, notApplicable, offenders, plural, pointerOf, readObject } from './types.js';

/** "+" or the international prefix 00, then a country code (never starting 0), with the usual separators. */
const INTERNATIONAL = /^(\+|00)[1-9][0-9 ().\-/]*$/;

interface Offender {
  pointer: string;
  value: unknown;
  message: string;
}

function judge(found: Offender[], rule: CheckMeta, what: string, expected: string, passText: string): Verdict {
  if (found.length === 0) return pass(passText);
  const first = found[0]!;
  return fail(unexpected(`${what}${found.length > 1 ? ` (${plural(found.length, 'value')})` : ''}`, expected, first.value), {
    pointer: first.pointer,
    expected,
    actual: found.length === 1 ? first.value : found.slice(0, MAX_OFFENDERS).map((f) => f.value),
    schemaErrors: offenders(
      rule,
      found.map(({ pointer, message }) => ({ pointer, message })),
    ),
  });
}

function checkPhoneFax(body: unknown, rule: CheckMeta): Verdict {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root.verdict;
  const property = readObject(root.value.Property, 'Property');
  if ('verdict' in property) return property.verdict;
  const address = property.value.address;
  if (!isObject(address)) return blocked('Property.address is not a JSON object');
  // "When set": null, absent or an empty string sends no number.
  const sent = (['phone', 'fax'] as const).filter((key) => typeof address[key] === 'string' && (address[key] as string).trim() !== '');
  if (sent.length === 0) return notApplicable('Property.address has no phone or fax');
  const found = sent.flatMap((key) => {
    const value = address[key] as string;
    if (INTERNATIONAL.test(value.trim())) return [];
    return [
      { pointer: pointerOf('Property', 'address', key), value, message: `${key} ${JSON.stringify(value)} does not start with + or 00 and a country code` },
    ];
  });
  return judge(
    found,
    rule,
    'Property.address phone/fax',
    'a number with the international country code ("+<country code> ..." or "00<country code> ...")',
    `Property.address ${sent.join(' and ')} carry the international country code`,
  );
}

/** Host names that never reach the public internet (RFC 6761, RFC 6762, RFC 2606 .test/.invalid). */
const PRIVATE_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|test|invalid)$/i;

function isPrivateIpv4(host: string): boolean {
  const [a, b] = host.split('.').map(Number) as [number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

function isPrivateIpv6(host: string): boolean {
  const h = host.toLowerCase();
  return h === '::1' || h === '::' || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith('::ffff:');
}

/** Why `url` is not a public absolute URL, or undefined when it is. */
export function notPublicUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it is not an absolute URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `its scheme ${parsed.protocol} is not http or https`;
  if (parsed.username || parsed.password) return 'it carries a user name or password';
  const host = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const ip = isIP(host);
  if (ip === 4 && isPrivateIpv4(host)) return `its host ${host} is a private, loopback or link-local address`;
  if (ip === 6 && isPrivateIpv6(host)) return `its host ${host} is a private, loopback or link-local address`;
  if (ip === 0 && (!host.includes('.') || PRIVATE_NAMES.test(host))) return `its host ${host} is not a public name`;
  return undefined;
}

/** Every image of the body with its pointer: Property.images, Property.rooms[].images, room.images. */
function imagesOf(body: Record<string, unknown>): Array<{ image: unknown; at: Array<string | number> }> {
  const list = (value: unknown, at: Array<string | number>): Array<{ image: unknown; at: Array<string | number> }> =>
    Array.isArray(value) ? value.map((image, i) => ({ image, at: [...at, i] })) : [];
  const property = isObject(body.Property) ? body.Property : undefined;
  const rooms = property && Array.isArray(property.rooms) ? property.rooms : [];
  return [
    ...list(property?.images, ['Property', 'images']),
    ...rooms.flatMap((room, r) => (isObject(room) ? list(room.images, ['Property', 'rooms', r, 'images']) : [])),
    ...(isObject(body.room) ? list(body.room.images, ['room', 'images']) : []),
  ];
}

function checkImageUrls(body: unknown, rule: CheckMeta): Verdict {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root.verdict;
  const urls = imagesOf(root.value).filter(({ image }) => isObject(image) && typeof image.url === 'string');
  if (urls.length === 0) return notApplicable('the body carries no image url');
  const found = urls.flatMap(({ image, at }) => {
    const url = (image as Record<string, unknown>).url as string;
    const why = notPublicUrl(url);
    return why ? [{ pointer: pointerOf(...at, 'url'), value: url, message: `url ${JSON.stringify(url)}: ${why}` }] : [];
  });
  return judge(found, rule, 'image url', 'a publicly accessible, absolute http(s) URL', `${plural(urls.length, 'image url')} are public, absolute URLs`);
}

export const propertyPhoneFax: BodyRule = defineRule(
  {
    id: 'rule.property.phone-fax-international',
    title: 'Property.address phone and fax, when set, carry the international country code',
    level: 'required',
    spec: SPEC.address,
    rules: ['prop-address-contact.10', 'prop-address-contact.11'],
    appliesTo: [{ name: 'CreateProperty', kind: 'request' }],
  },
  checkPhoneFax,
);

export const imageUrlsPublic: BodyRule = defineRule(
  {
    id: 'rule.property.image-url-public',
    title: 'Every image url is a publicly accessible, absolute URL',
    level: 'required',
    spec: SPEC.image,
    rules: ['img-fields.1'],
    appliesTo: [
      { name: 'CreateProperty', kind: 'request' },
      { name: 'UpdateRoom', kind: 'request' },
    ],
  },
  checkImageUrls,
);
