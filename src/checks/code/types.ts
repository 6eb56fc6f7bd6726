// Named code checks: takes nothing, gives the contract of a check written in code for
// what a suite's YAML cannot say. Pure: input in, Verdict out.
import type { LiveExchange } from '../../drivers/exchange.js';
import type { Profile } from '../../profile/types.js';
import type { Verdict } from '../types.js';

export interface CodeCheckInput {
  /** The body judged: the response of a call, the request of an inbound exchange. */
  subject: unknown;
  /** The check's `with:` arguments, rendered. */
  args: Record<string, unknown>;
  exchanges: string[];
  now: number;
  profile: Profile;
  run: { allowHttp: boolean };
  /** Inbound/outbound traffic of the window, for traffic steps. */
  traffic?: readonly LiveExchange[];
}

export interface CodeCheck {
  name: string;
  description: string;
  run(input: CodeCheckInput): Verdict;
}
