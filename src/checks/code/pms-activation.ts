// Code check on CreateProperty's activation (PMS target): takes the window's CreateProperty
// requests and the profile's capabilities (declaring CreateProperty says the channel manager
// activated it for the PMS's channel, D-402), gives whether the PMS sent CreateProperty only
// while it was activated (cp-activation.2).
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';

export const createPropertyOnlyActivated: CodeCheck = {
  name: 'create-property-only-activated',
  description:
    "no CreateProperty while the channel manager has not activated it: without CreateProperty in the profile's capabilities (not activated for the channel) the PMS sends none; with it, not applicable",
  run(input) {
    if (!input.pms) return skip('no mock channel manager in this run', 'not-applicable');
    if (input.profile.capabilities.includes('CreateProperty')) {
      return skip(
        'Not applicable: the profile declares CreateProperty, so the channel manager activated it for this channel and every CreateProperty is allowed (without it, none may be sent)',
        'not-applicable',
      );
    }
    const sent = (input.traffic ?? []).filter((x) => x.record.operation === 'CreateProperty');
    if (sent.length === 0) return pass('no CreateProperty while it was not activated (the profile does not declare CreateProperty)');
    const ids = sent.map((x) => x.record.id);
    return fail(
      `${unexpected('CreateProperty', 'none: the channel manager has not activated CreateProperty for this channel (the profile does not declare it)', `${sent.length} request(s)`)}\n  The mock answered each with the not-activated error (1006). If the channel manager did activate CreateProperty for your channel, declare it in the profile's capabilities.`,
      { exchanges: ids.slice(0, 10), expected: 0, actual: sent.length },
    );
  },
};
