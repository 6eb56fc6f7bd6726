// The shared definitions: takes nothing, gives every reusable sub-schema by name (for the
// message registry and for writers such as an OpenAPI exporter). Built on first use.
import type { JsonSchema } from './common.js';
import { countryCode, currencyCode } from './common.js';
import { inventoryItemSchema } from './inventory.js';
import { addressSchema, businessContactSchema, propertySchema } from './property.js';
import { bookingSummarySchema, customerSchema, reservationSchema } from './reservation.js';
import { errorItemSchema, ratePlansItemSchema, roomTypesItemSchema } from './responses.js';
import { imageSchema, ratePlanSchema, roomInfoSchema, roomSchema } from './rooms.js';
import { taxAmountSchema, taxConditionSchema, taxSchema } from './tax.js';

export type { JsonSchema } from './common.js';

const BUILDERS: Record<string, () => JsonSchema> = {
  CountryCode: countryCode,
  CurrencyCode: currencyCode,
  Property: propertySchema,
  Address: addressSchema,
  BusinessContact: businessContactSchema,
  Image: () => imageSchema('CreateProperty'),
  ImageInUpdateRoom: () => imageSchema('UpdateRoom'),
  Room: () => roomSchema('CreateProperty'),
  RoomInUpdateRoom: () => roomSchema('UpdateRoom'),
  RatePlan: ratePlanSchema,
  Tax: taxSchema,
  TaxAmount: taxAmountSchema,
  TaxCondition: taxConditionSchema,
  RoomInfo: roomInfoSchema,
  InventoryItem: inventoryItemSchema,
  Reservation: reservationSchema,
  Customer: customerSchema,
  BookingSummary: bookingSummarySchema,
  RoomTypesItem: roomTypesItemSchema,
  RatePlansItem: ratePlansItemSchema,
  ErrorItem: errorItemSchema,
};

let built: Readonly<Record<string, JsonSchema>> | undefined;

/** The definitions by name; the same objects on every call (callers must not mutate them). */
export function definitions(): Readonly<Record<string, JsonSchema>> {
  built ??= Object.fromEntries(Object.entries(BUILDERS).map(([name, build]) => [name, build()]));
  return built;
}
