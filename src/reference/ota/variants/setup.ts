// Broken variants of the connection's setup: takes nothing, gives each fault's description
// and the variant that breaks HealthCheck or SetupProperty (which credentials succeed,
// which error a refusal names).
import { OTA_ERROR_IDS, failure, idsMatch, success } from '../../../channel-manager/index.js';
import { SPEC } from '../../../spec/sections.js';
import type { OtaFault, OtaFaultInfo } from '../faults.js';
import { type OtaVariant, answerInstead, transformAnswerTo, transformError } from './variant.js';

const ep = SPEC.endpoint;

export const SETUP_FAULTS = {
  'healthcheck-fails': {
    description: 'HealthCheck answers success false with an error instead of success true',
    spec: ep('HealthCheck'),
  },
  'healthcheck-checks-credentials': {
    description: 'HealthCheck answers 1001 for wrong property credentials instead of success true (it checks what it should not)',
    spec: ep('HealthCheck'),
  },
  'setup-accepts-wrong-password': {
    description: 'SetupProperty answers success for the right property id with a wrong password',
    spec: ep('SetupProperty'),
  },
  'setup-wrong-error-id': {
    description: 'SetupProperty answers invalid credentials with error 1002 instead of 1001',
    spec: ep('SetupProperty'),
  },
  'setup-not-enabled-accepted': {
    description: 'SetupProperty answers success for credentials whose connection is not enabled (1002 expected)',
    spec: ep('SetupProperty'),
  },
  'setup-requires-password': {
    description: 'SetupProperty without wbp_property_password (optional there) is refused as a malformed request (1003)',
    spec: ep('SetupProperty'),
  },
} satisfies Partial<Record<OtaFault, OtaFaultInfo>>;

type SetupFault = keyof typeof SETUP_FAULTS;

const notEnabled = () => failure(OTA_ERROR_IDS.connectionNotEnabled, 'The connection must first be enabled on the channel manager.');

export const SETUP_VARIANTS: Readonly<Record<SetupFault, OtaVariant>> = {
  'healthcheck-fails': transformAnswerTo('HealthCheck', (reply) =>
    reply.kind === 'success' ? failure(OTA_ERROR_IDS.unavailable, 'Service temporarily unavailable.') : reply,
  ),
  // Empty credentials (before setup) still pass; given ones must be the property's.
  'healthcheck-checks-credentials': transformAnswerTo('HealthCheck', (reply, request, candidate) => {
    const body = request.body;
    if (reply.kind !== 'success' || body.wbp_property_id === '' || body.wbp_property_id === undefined) return reply;
    const { property } = candidate.options;
    const right = idsMatch(body, property) && body.wbp_property_password === property.wbp_property_password;
    return right ? reply : failure(OTA_ERROR_IDS.invalidCredentials, 'Invalid property credentials.');
  }),
  'setup-accepts-wrong-password': transformError('SetupProperty', OTA_ERROR_IDS.invalidCredentials, (reply, request, candidate) =>
    idsMatch(request.body, candidate.options.property) ? success() : reply,
  ),
  'setup-wrong-error-id': transformError('SetupProperty', OTA_ERROR_IDS.invalidCredentials, notEnabled),
  'setup-not-enabled-accepted': transformError('SetupProperty', OTA_ERROR_IDS.connectionNotEnabled, () => success()),
  'setup-requires-password': answerInstead(['SetupProperty'], (body) =>
    body.wbp_property_password === undefined ? failure(OTA_ERROR_IDS.badRequest, 'wbp_property_password is required.') : undefined,
  ),
} satisfies Partial<Record<OtaFault, OtaVariant>>;
