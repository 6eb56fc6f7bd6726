// Correct variants of the reference OTA: takes nothing, gives the names, descriptions and
// wrappers of behaviours another conforming OTA may show where the spec leaves it free (it
// binds the PMS, not the OTA). Unlike the faults, each must be certified.
import type { HttpFacts, Reply } from '../../channel-manager/index.js';
import { SPEC } from '../../spec/sections.js';
import type { OtaFaultInfo } from './faults.js';
import type { OtaVariant } from './variants/variant.js';

export const OTA_CORRECT_VARIANT_NAMES = ['accepts-text-plain'] as const;

export type OtaCorrectVariant = (typeof OTA_CORRECT_VARIANT_NAMES)[number];

export const OTA_CORRECT_VARIANTS: Readonly<Record<OtaCorrectVariant, OtaFaultInfo>> = {
  'accepts-text-plain': {
    description:
      'Serves a valid JSON body sent with content type text/plain as if it were application/json (the content type is a rule for the PMS that sends it)',
    spec: SPEC.endpoints,
  },
};

export const OTA_CORRECT_WRAPPERS: Readonly<Record<OtaCorrectVariant, OtaVariant>> = {
  'accepts-text-plain': (Base) =>
    class extends Base {
      protected override transportRefusal(http: HttpFacts): Reply | undefined {
        return http.method === 'POST' ? undefined : super.transportRefusal(http);
      }
    },
};

export function isOtaCorrectVariant(value: unknown): value is OtaCorrectVariant {
  return typeof value === 'string' && Object.hasOwn(OTA_CORRECT_VARIANTS, value);
}
