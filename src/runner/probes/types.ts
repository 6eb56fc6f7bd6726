// Probe types: takes nothing, gives the shape of one request broken on purpose (which rule
// it breaks, how its body and query differ from a valid request) and of a probe family.
import type { OperationName } from '../../spec/operations.js';
import type { Profile } from '../../profile/types.js';

/** How the bytes on the wire differ from a JSON object sent as application/json. */
export type RawForm = 'invalid-json' | 'empty' | 'array' | 'text-plain';

export interface Probe {
  operation: OperationName;
  /** What the request breaks, for the evidence: "wbp_property_password is wrong". */
  breaks: string;
  /** The id of the spec rule it breaks (src/spec/rules.ts). */
  rule: string;
  /**
   * The step's declared check that judges it, when not the step's first: one family may mix a
   * refusal the spec requires with one it leaves to the OTA (each result has one level).
   */
  check?: string;
  /** The operation's own fields (booking_id, Inventory, ...), on top of the envelope. */
  fields?: Record<string, unknown>;
  /** Envelope fields replaced (after the fields). */
  set?: Record<string, unknown>;
  /** Top-level body fields left out. */
  omit?: string[];
  /** Query parameters replaced; null removes one. */
  query?: Record<string, unknown>;
  raw?: RawForm;
  method?: 'GET';
  /**
   * A valid request (the one the probes start from, or the good data re-sent after them):
   * it must be accepted, else the refusals of the probes prove nothing.
   */
  control?: boolean;
}

export interface ProbeInput {
  args: Record<string, unknown>;
  profile: Profile;
  now: number;
}

export interface ProbeFamily {
  name: string;
  description: string;
  generate(input: ProbeInput): Probe[];
}
