// Properties the channel manager keeps in step with a PMS: takes what CreateProperty,
// UpdateRoom, DeleteRoom and DeleteRatePlan carry, gives the stored rooms and rate plans
// (with the OTA's own ids), the room mappings a PMS needs, and the catalogue that
// GetRoomTypes / GetRatePlans render for a created property.
import type { Catalogue } from './catalogue.js';
import type { FixtureRoom } from './fixture.js';
import { DEFAULT_RATE_ID, type RatePlanInput, type RoomInput } from './property-input.js';

export interface SyncedRatePlan {
  pms_rate_id: number;
  wbp_rate_id: string;
  title: string;
  meal_codes: number[];
}

export interface SyncedRoom {
  pms_room_id: number;
  wbp_room_id: number;
  label: string;
  beds: number;
  units: number;
  dormitory: boolean;
  plans: SyncedRatePlan[];
}

export interface SyncedProperty {
  pms_property_id: string;
  wbp_property_id: string;
  wbp_property_password: string;
  name: string;
  currency: string;
  rooms: SyncedRoom[];
  /** UpdateRatePlan bodies as received: their fields are "not shown" in the spec. */
  ratePlanUpdates: Record<string, unknown>[];
}

/** One room x rate plan of a property, PMS ids next to the OTA's (the predecessor's room_mappings). */
export interface RoomMapping {
  pms_room_id: number;
  wbp_room_id: string;
  pms_rate_id: number;
  wbp_rate_id: string;
}

export interface Credentials {
  pms_property_id: string;
  wbp_property_id: string;
  wbp_property_password: string;
}

/** A room sent without rate plans still has its default one. */
const DEFAULT_PLAN: RatePlanInput = { pms_rate_id: DEFAULT_RATE_ID, label_public: 'Standard rate', label_private: null, meal_codes: [] };
const FIRST_ROOM_ID = 7001;

function planTitle(plan: RatePlanInput): string {
  return plan.label_public ?? plan.label_private ?? `Rate plan ${plan.pms_rate_id}`;
}

export class PropertyBook {
  private readonly properties = new Map<string, SyncedProperty>();
  private nextRoomId = FIRST_ROOM_ID;

  get(wbpPropertyId: string): SyncedProperty | undefined {
    return this.properties.get(wbpPropertyId);
  }

  /** Some property here has this pms_property_id. */
  hasPmsId(pmsPropertyId: string): boolean {
    for (const property of this.properties.values()) if (property.pms_property_id === pmsPropertyId) return true;
    return false;
  }

  /** Creates (or re-creates) the property under these credentials. */
  create(credentials: Credentials, name: string, currency: string, rooms: readonly RoomInput[]): SyncedProperty {
    const property: SyncedProperty = { ...credentials, name, currency, rooms: [], ratePlanUpdates: [] };
    for (const room of rooms) this.putRoom(property, room);
    this.properties.set(credentials.wbp_property_id, property);
    return property;
  }

  /** A property whose rooms come from elsewhere (the test property's fixture rooms). */
  adopt(credentials: Credentials, name: string, currency: string, rooms: readonly FixtureRoom[]): SyncedProperty {
    const property: SyncedProperty = { ...credentials, name, currency, rooms: [], ratePlanUpdates: [] };
    for (const room of rooms) {
      property.rooms.push({
        pms_room_id: room.pms_room_id,
        wbp_room_id: room.wbp_room_id,
        label: room.label,
        beds: room.maxPersons,
        units: room.units,
        dormitory: room.dorm,
        plans: [],
      });
      this.nextRoomId = Math.max(this.nextRoomId, room.wbp_room_id + 1);
    }
    this.properties.set(credentials.wbp_property_id, property);
    return property;
  }

  /** UpdateRoom: "Creates or updates a room". Sent rate plans replace the room's; absent ones keep them. */
  upsertRoom(property: SyncedProperty, input: RoomInput): SyncedRoom {
    return this.putRoom(property, input);
  }

  private putRoom(property: SyncedProperty, input: RoomInput): SyncedRoom {
    let room = property.rooms.find((r) => r.pms_room_id === input.pms_room_id);
    if (!room) {
      room = { pms_room_id: input.pms_room_id, wbp_room_id: this.nextRoomId++, label: '', beds: 0, units: 0, dormitory: false, plans: [] };
      property.rooms.push(room);
    }
    Object.assign(room, { label: input.label, beds: input.beds, units: input.units, dormitory: input.dormitory });
    const sent = input.rateplans ?? (room.plans.length === 0 ? [DEFAULT_PLAN] : undefined);
    if (sent) room.plans = sent.map((plan) => this.plan(room, plan));
    return room;
  }

  deleteRoom(property: SyncedProperty, pmsRoomId: number): void {
    property.rooms = property.rooms.filter((room) => room.pms_room_id !== pmsRoomId);
  }

  /** A rate plan may be used in several rooms: it goes from every room. */
  deleteRatePlan(property: SyncedProperty, pmsRateId: number): void {
    for (const room of property.rooms) room.plans = room.plans.filter((plan) => plan.pms_rate_id !== pmsRateId);
  }

  /** UpdateRatePlan: the rate plan's labels and meals change in every room that has it. */
  updateRatePlan(property: SyncedProperty, input: RatePlanInput): void {
    for (const room of property.rooms) {
      room.plans = room.plans.map((plan) =>
        plan.pms_rate_id === input.pms_rate_id ? { ...plan, title: planTitle(input), meal_codes: input.meal_codes } : plan,
      );
    }
  }

  mappings(property: SyncedProperty, rooms: readonly SyncedRoom[] = property.rooms): RoomMapping[] {
    return rooms.flatMap((room) =>
      room.plans.map((plan) => ({
        pms_room_id: room.pms_room_id,
        wbp_room_id: String(room.wbp_room_id),
        pms_rate_id: plan.pms_rate_id,
        wbp_rate_id: plan.wbp_rate_id,
      })),
    );
  }

  /** The property as GetRoomTypes / GetRatePlans show it. */
  catalogue(property: SyncedProperty): Catalogue {
    return {
      currency: property.currency,
      rooms: property.rooms.map((room) => ({
        wbp_room_id: room.wbp_room_id,
        pms_room_id: room.pms_room_id,
        label: room.label,
        maxPersons: Math.max(1, room.beds),
        dorm: room.dormitory,
        units: room.units,
        base_rate: 0,
      })),
      plans: property.rooms.flatMap((room) =>
        room.plans.map((plan) => ({ wbp_room_id: String(room.wbp_room_id), wbp_rate_id: plan.wbp_rate_id, title: plan.title })),
      ),
    };
  }

  private plan(room: SyncedRoom, input: RatePlanInput): SyncedRatePlan {
    const kept = room.plans.find((plan) => plan.pms_rate_id === input.pms_rate_id);
    return {
      pms_rate_id: input.pms_rate_id,
      wbp_rate_id: kept?.wbp_rate_id ?? `R${room.wbp_room_id}-${input.pms_rate_id}`,
      title: planTitle(input),
      meal_codes: input.meal_codes,
    };
  }
}
