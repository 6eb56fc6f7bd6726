// Probes of the request's form: takes nothing but the valid requests, gives GetRoomTypes and
// ARIUpdate sent as invalid JSON, as an empty body, as a JSON array and as text/plain, and a
// GET to an operation. Whatever the request, the answer is HTTP 200 application/json with
// the error shape (spec: Errors; Endpoints). A body that is not a JSON object carries no body
// shared_secret, so its refusal is the OTA's duty; a valid JSON object labelled text/plain
// breaks only what the spec tells the PMS to send, so accepting it is lenient (judged apart).
import type { OperationName } from '../../spec/operations.js';
import { baseFields } from './bases.js';
import type { Probe, ProbeFamily, ProbeInput, RawForm } from './types.js';

/** The check that judges the lenient form (the step declares it after probe.malformed.refused). */
export const TEXT_PLAIN_CHECK = 'probe.text-plain.refused';

const FORMS: ReadonlyArray<[RawForm, string, string, string | undefined]> = [
  ['invalid-json', 'the body is not valid JSON (cut short), so it carries no body shared_secret', 'auth-secret-body-enforced', undefined],
  ['empty', 'the body is empty, so it carries no body shared_secret', 'auth-secret-body-enforced', undefined],
  ['array', 'the body is a JSON array, not an object, so it carries no body shared_secret', 'auth-secret-body-enforced', undefined],
  ['text-plain', 'the valid JSON body is sent with content type text/plain', 'http-request-json', TEXT_PLAIN_CHECK],
];

export const malformedFamily: ProbeFamily = {
  name: 'malformed',
  description: 'GetRoomTypes and ARIUpdate as invalid JSON, an empty body, a JSON array and text/plain',
  generate(input: ProbeInput) {
    const bases = baseFields(input);
    const probes: Probe[] = [];
    for (const operation of ['GetRoomTypes', 'ARIUpdate'] as OperationName[]) {
      const fields = bases[operation];
      if (!fields) continue;
      for (const [raw, breaks, rule, check] of FORMS) probes.push({ operation, fields, raw, breaks, rule, ...(check ? { check } : {}) });
    }
    return probes;
  },
};

export const methodFamily: ProbeFamily = {
  name: 'method',
  description: 'A GET (no body) to GetRoomTypes and to GetBookingList',
  generate() {
    return (['GetRoomTypes', 'GetBookingList'] as const).map((operation) => ({
      operation,
      method: 'GET' as const,
      breaks: 'sent as GET without a body (every operation is a POST)',
      rule: 'http-post-op-path',
    }));
  },
};
