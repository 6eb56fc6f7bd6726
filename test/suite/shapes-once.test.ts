// Each shape is written once (issue 27 item 4): the profile's and the suite's types are the
// types of their JSON Schemas (json-schema-to-ts), so a field added to a schema is in the type
// and a field only in a type cannot exist. These assertions are checked by the type check of
// `npm test` (tsc covers test/): a drift fails it there, and the runtime part below fails when
// the schema Ajv compiles and the type disagree on a value.
import { Ajv } from 'ajv';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { PROFILE_SCHEMA } from '../../src/profile/profile-schema.js';
import type { Credentials, RawProfile } from '../../src/profile/types.js';
import type { HookSpec } from '../../src/spec/hook-spec.js';
import { HOOK_SCHEMA } from '../../src/spec/hook-spec.js';
import type { Condition, Expectation, Matcher, TrafficStep } from '../../src/suite/types.js';

describe('the profile type is the schema', () => {
  it('types each field as the schema says', () => {
    expectTypeOf<RawProfile['target']>().toEqualTypeOf<'ota' | 'pms'>();
    expectTypeOf<RawProfile['property']['pms_property_id']>().toEqualTypeOf<number>();
    expectTypeOf<Credentials['wbp_property_password']>().toEqualTypeOf<string>();
    expectTypeOf<NonNullable<RawProfile['intervals']>['poll_ms']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<NonNullable<HookSpec['http']>['method']>().toEqualTypeOf<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | undefined>();
  });

  it('a profile of the type passes the schema, and the schema refuses what the type refuses', () => {
    const validate = new Ajv({ strict: false }).compile(PROFILE_SCHEMA);
    const profile: RawProfile = {
      target: 'pms',
      base_url: 'https://pms.example/cm',
      shared_secret: 's',
      pms_cid: 'abc',
      property: { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'p' },
      hooks: { start_setup: { http: { url: 'https://pms.example/start' } } },
    };
    expect(validate(profile), JSON.stringify(validate.errors)).toBe(true);
    // @ts-expect-error a field the schema does not have is not in the type either
    const extra: RawProfile = { ...profile, pms_cid_typo: 'x' };
    expect(validate(extra)).toBe(false);
    const hookOf = new Ajv({ strict: false }).compile(HOOK_SCHEMA);
    // @ts-expect-error a hook's http needs a url, in the schema and in the type
    const noUrl: HookSpec = { http: { method: 'POST' } };
    expect(hookOf(noUrl)).toBe(false);
  });
});

describe('the suite types are the schema', () => {
  it('types matchers, expectations, conditions and retry as the schema says', () => {
    expectTypeOf<Matcher['type']>().toEqualTypeOf<'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null' | undefined>();
    expectTypeOf<Expectation['error_id']>().toEqualTypeOf<number | number[] | undefined>();
    expectTypeOf<Condition['hooks']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<NonNullable<TrafficStep['retry']>>().toEqualTypeOf<{ from: string; tries: number }>();
  });
});
