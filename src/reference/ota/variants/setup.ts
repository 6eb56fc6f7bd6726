// Broken variants of the connection's setup: takes nothing, gives the variants that break
// HealthCheck and SetupProperty (which credentials succeed, which error a refusal names).
import { OTA_ERROR_IDS, failure, idsMatch, success } from '../../../channel-manager/index.js';
import type { OtaFault } from '../faults.js';
import { type OtaVariant, answerInstead, transformAnswerTo, transformError } from './variant.js';

type SetupFault =
  | 'healthcheck-fails'
  | 'setup-accepts-wrong-password'
  | 'setup-wrong-error-id'
  | 'setup-not-enabled-accepted'
  | 'setup-requires-password';

const notEnabled = () => failure(OTA_ERROR_IDS.connectionNotEnabled, 'The connection must first be enabled on the channel manager.');

export const SETUP_VARIANTS: Readonly<Record<SetupFault, OtaVariant>> = {
  'healthcheck-fails': transformAnswerTo('HealthCheck', (reply) =>
    reply.kind === 'success' ? failure(OTA_ERROR_IDS.unavailable, 'Service temporarily unavailable.') : reply,
  ),
  'setup-accepts-wrong-password': transformError('SetupProperty', OTA_ERROR_IDS.invalidCredentials, (reply, request, candidate) =>
    idsMatch(request.body, candidate.options.property) ? success() : reply,
  ),
  'setup-wrong-error-id': transformError('SetupProperty', OTA_ERROR_IDS.invalidCredentials, notEnabled),
  'setup-not-enabled-accepted': transformError('SetupProperty', OTA_ERROR_IDS.connectionNotEnabled, () => success()),
  'setup-requires-password': answerInstead(['SetupProperty'], (body) =>
    body.wbp_property_password === undefined ? failure(OTA_ERROR_IDS.badRequest, 'wbp_property_password is required.') : undefined,
  ),
} satisfies Partial<Record<OtaFault, OtaVariant>>;
