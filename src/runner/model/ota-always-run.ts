// The always-run sequences of the model-based OTA runs: takes what the candidate offers,
// gives the fixed, short sequences every run sends before its random ones, one per
// transition a broken OTA is known to get wrong (a modification after an ack, a room or rate
// plan UpdateRoom made then deleted, ...), so no seed can leave one out. A sequence needing an
// operation the candidate does not offer is left out; the random sequences still shrink.
import { ChangeBooking, CHANGE_OPERATION, type Command, CreateBooking, CreateProperty, type ModelOffer, PropertyChange } from './ota-commands.js';

type Step = 'create' | 'modify' | 'ack' | 'cancel' | 'property' | 'add-room' | 'change-room' | 'delete-room' | 'delete-rate-plan';

export interface Transition {
  /** Names the transition (the tests and the pass message count them). */
  name: string;
  /** The operations, in order; index 0 of a change is the most recent booking, room or rate plan. */
  steps: readonly Step[];
}

/**
 * Every booking step reads back every list mode, the last change's + 4:59, + 5:00 and + 5:01
 * included, so each sequence also hits the version boundary after each of its changes.
 */
export const ALWAYS_RUN: readonly Transition[] = [
  { name: 'create, every list mode at the boundaries', steps: ['create'] },
  { name: 'modify after ack', steps: ['create', 'ack', 'modify'] },
  { name: 'cancel after ack', steps: ['create', 'ack', 'cancel'] },
  { name: 'ack after modify, then cancel', steps: ['create', 'modify', 'ack', 'cancel'] },
  { name: 'delete a room UpdateRoom made', steps: ['add-room', 'delete-room'] },
  { name: 'delete a rate plan UpdateRoom made', steps: ['add-room', 'delete-rate-plan'] },
  { name: 'change a room UpdateRoom made', steps: ['add-room', 'change-room'] },
  { name: 'delete a room and a rate plan CreateProperty made', steps: ['property', 'delete-rate-plan', 'delete-room'] },
];

/** Whether the offer allows a step. */
function offered(offer: ModelOffer, step: Step): boolean {
  if (['create', 'modify', 'ack', 'cancel'].includes(step) && offer.createHook === false) return false;
  if (step === 'create') return true;
  if (step === 'modify') return offer.modifyHook;
  if (step === 'ack' || step === 'cancel') return offer[step];
  if (!offer.property) return false;
  return step === 'property' || offer.propertyOperations.has(CHANGE_OPERATION[step]);
}

/** The always-run sequences the offer allows, each with its transition, as fast-check commands. */
export function alwaysRunSequences(offer: ModelOffer): Array<{ transition: Transition; commands: Command[] }> {
  const out: Array<{ transition: Transition; commands: Command[] }> = [];
  for (const transition of ALWAYS_RUN) {
    if (!transition.steps.every((step) => offered(offer, step))) continue;
    // The booking steps need the create_booking hook; the property steps CreateProperty.
    const create = offer.property && new CreateProperty(offer.property);
    const commands = transition.steps.map((step): Command => {
      if (step === 'create') return new CreateBooking();
      if (step === 'modify' || step === 'ack' || step === 'cancel') return new ChangeBooking(step, 0);
      if (step === 'property') return create!;
      return new PropertyChange(step, 0, create!);
    });
    out.push({ transition, commands });
  }
  return out;
}
