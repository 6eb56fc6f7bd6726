// Variants of the reference PMS's requests: takes nothing, gives the variants whose
// requests break the envelope or the authentication (a reused guid, a wrong verb, the
// secret in one place only, an upper-case cid, SetupProperty's id type or password) or
// ARIUpdate's currency. Each is a transform of the request as it goes out.
import { randomUUID } from 'node:crypto';
import type { OutgoingRequest } from '../behaviour.js';
import type { PmsFault } from '../faults.js';
import { type PmsVariant, transformBody, transformOutgoing } from './variant.js';

type RequestFault =
  | 'reused-guid'
  | 'verb-mismatch'
  | 'secret-only-in-body'
  | 'secret-only-in-query'
  | 'pms-cid-uppercase'
  | 'setup-pms-id-integer'
  | 'setup-wrong-password'
  | 'wrong-currency';

export const REQUEST_VARIANTS: Readonly<Record<RequestFault, PmsVariant>> = {
  // One guid, made when the PMS starts, on every request.
  'reused-guid': (Base) =>
    class extends Base {
      private readonly guid = randomUUID();

      override outgoing(request: OutgoingRequest): OutgoingRequest {
        const sent = super.outgoing(request);
        return { ...sent, body: { ...sent.body, guid: this.guid } };
      }
    },
  'verb-mismatch': transformBody('GetRatePlans', (body) => ({ ...body, verb: 'GetRoomTypes' })),
  'secret-only-in-body': transformOutgoing((request) => {
    const query = new URLSearchParams(request.query);
    query.delete('shared_secret');
    return { ...request, query };
  }),
  'secret-only-in-query': transformBody(undefined, ({ shared_secret: _secret, ...body }) => body),
  'pms-cid-uppercase': transformBody(undefined, (body) => ({ ...body, pms_cid: String(body.pms_cid).toUpperCase() })),
  'setup-pms-id-integer': transformBody('SetupProperty', (body) => ({ ...body, pms_property_id: Number(body.pms_property_id) })),
  'setup-wrong-password': transformBody('SetupProperty', (body) => ({ ...body, wbp_property_password: `${String(body.wbp_property_password)}-wrong` })),
  'wrong-currency': transformBody('ARIUpdate', (body) => ({ ...body, currency: body.currency === 'USD' ? 'EUR' : 'USD' })),
} satisfies Partial<Record<PmsFault, PmsVariant>>;
