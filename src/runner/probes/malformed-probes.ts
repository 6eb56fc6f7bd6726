// Probes of the request's form: takes nothing but the valid requests, gives GetRoomTypes and
// ARIUpdate sent as invalid JSON, as an empty body, as a JSON array and as text/plain, and a
// GET to an operation. Whatever the request, the answer is HTTP 200 application/json with
// the error shape (spec: Errors; Endpoints).
import type { OperationName } from '../../spec/operations.js';
import { baseFields } from './bases.js';
import type { Probe, ProbeFamily, ProbeInput, RawForm } from './types.js';

const FORMS: ReadonlyArray<[RawForm, string, string]> = [
  ['invalid-json', 'the body is not valid JSON (cut short)', 'http-post-op-path'],
  ['empty', 'the body is empty', 'http-post-op-path'],
  ['array', 'the body is a JSON array, not an object', 'http-post-op-path'],
  ['text-plain', 'the body is sent with content type text/plain', 'http-request-json'],
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
      for (const [raw, breaks, rule] of FORMS) probes.push({ operation, fields, raw, breaks, rule });
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
