// Broken variants that refuse valid shapes the schemas allow (issue 20 item 2): takes
// nothing, gives each fault's description and the variant that refuses one partition only
// the generated variations send: a rate without decimals ("80"), an image description of
// exactly 2000 characters, an image without its optional sort_order, a numeric-looking tax
// external_id ("000123"), a RoomInfo pricingModel "camp", an UpdateRoom room without rate
// plans, an image description of 2000 two-byte characters (a limit counted in bytes), an
// UpdateRoom room naming its OTA id (wbp_room_id), a GetRoomTypes carrying RoomInfo.
import { OTA_ERROR_IDS, failure, type RequestBody } from '../../../channel-manager/index.js';
import { PATTERNS, SPEC } from '../../../spec/sections.js';
import type { OtaFault, OtaFaultInfo } from '../faults.js';
import { invalid, refuseItem } from './ari.js';
import { type OtaVariant, answerInstead } from './variant.js';

export const SHAPE_FAULTS = {
  'ari-refuses-rate-without-decimals': {
    description: 'ARIUpdate refuses a rate without decimals ("80"): it wants "80.00", the pattern allows both',
    spec: SPEC.inventory,
  },
  'property-refuses-max-description': {
    description: 'CreateProperty refuses an image description of exactly 2000 characters (it allows 1999 at most)',
    spec: SPEC.image,
  },
  'property-description-limit-in-bytes': {
    description: 'CreateProperty counts an image description in UTF-8 bytes: 2000 characters such as "é" (4000 bytes) are refused',
    spec: SPEC.image,
  },
  'update-room-refuses-ota-id': {
    description: 'UpdateRoom refuses a room carrying wbp_room_id, the OTA id the Room may carry in UpdateRoom only',
    spec: SPEC.room,
  },
  'room-types-refuses-room-info': {
    description: 'GetRoomTypes refuses a request carrying RoomInfo, which the request may carry (deep integrations)',
    spec: SPEC.roomInfo,
  },
  'property-requires-sort-order': {
    description: 'CreateProperty refuses an image without sort_order, which is optional (default 0)',
    spec: SPEC.image,
  },
  'property-refuses-numeric-id': {
    description: 'CreateProperty refuses a tax external_id that looks like a number with leading zeros ("000123")',
    spec: SPEC.tax,
  },
  'setup-refuses-room-info-camp': {
    description: 'SetupProperty refuses RoomInfo whose pricingModel is "camp", one of the five the spec lists',
    spec: SPEC.roomInfo,
  },
  'update-room-requires-rate-plans': {
    description: 'UpdateRoom refuses a room without rateplans, which is optional (CreateProperty still accepts one)',
    spec: SPEC.room,
  },
} satisfies Partial<Record<OtaFault, OtaFaultInfo>>;

type ShapeFault = keyof typeof SHAPE_FAULTS;
type Json = Record<string, unknown>;

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const DECIMAL = new RegExp(PATTERNS.decimal);

/** Every image of a Property: its own and its rooms'. */
function images(property: Json): Json[] {
  return [...list(property.images), ...list(property.rooms).flatMap((room) => list(room.images))];
}

function refuseProperty(refused: (property: Json) => string | undefined): OtaVariant {
  return answerInstead(['CreateProperty'], (body: RequestBody) => {
    const why = refused((body.Property ?? {}) as Json);
    return why ? failure(OTA_ERROR_IDS.badRequest, why) : undefined;
  });
}

export const SHAPE_VARIANTS: Readonly<Record<ShapeFault, OtaVariant>> = {
  'ari-refuses-rate-without-decimals': refuseItem((item) =>
    typeof item.rate === 'string' && DECIMAL.test(item.rate) && !item.rate.includes('.') ? invalid('rate must have two decimals (e.g. "80.00").') : undefined,
  ),
  'property-refuses-max-description': refuseProperty((p) =>
    images(p).some((image) => typeof image.description === 'string' && image.description.length >= 2000)
      ? 'images[].description must be shorter than 2000 characters.'
      : undefined,
  ),
  'property-description-limit-in-bytes': refuseProperty((p) =>
    images(p).some((image) => typeof image.description === 'string' && Buffer.byteLength(image.description, 'utf8') > 2000)
      ? 'images[].description must be at most 2000 characters.'
      : undefined,
  ),
  'update-room-refuses-ota-id': answerInstead(['UpdateRoom'], (body) => {
    const room = body.room;
    return typeof room === 'object' && room !== null && (room as Json).wbp_room_id !== undefined
      ? failure(OTA_ERROR_IDS.badRequest, 'room.wbp_room_id is not allowed.')
      : undefined;
  }),
  'room-types-refuses-room-info': answerInstead(['GetRoomTypes'], (body) =>
    body.RoomInfo !== undefined ? failure(OTA_ERROR_IDS.badRequest, 'RoomInfo is not supported in GetRoomTypes.') : undefined,
  ),
  'property-requires-sort-order': refuseProperty((p) =>
    images(p).some((image) => image.sort_order === undefined) ? 'images[].sort_order is required.' : undefined,
  ),
  'property-refuses-numeric-id': refuseProperty((p) =>
    list(p.taxes).some((tax) => typeof tax.external_id === 'string' && /^0\d+$/.test(tax.external_id))
      ? 'taxes[].external_id must not start with 0.'
      : undefined,
  ),
  'setup-refuses-room-info-camp': answerInstead(['SetupProperty'], (body) =>
    list(body.RoomInfo).some((room) => room.pricingModel === 'camp')
      ? failure(OTA_ERROR_IDS.badRequest, 'RoomInfo[].pricingModel "camp" is not supported.')
      : undefined,
  ),
  'update-room-requires-rate-plans': answerInstead(['UpdateRoom'], (body) => {
    const room = body.room;
    return typeof room === 'object' && room !== null && (room as Json).rateplans === undefined
      ? failure(OTA_ERROR_IDS.badRequest, 'room.rateplans is required.')
      : undefined;
  }),
};
