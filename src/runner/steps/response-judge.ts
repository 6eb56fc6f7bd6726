// Judging what the candidate answered to one request the harness sent: takes the step env,
// the operation and the exchange, records the protocol checks, the response schema and body
// rules, and (for an operation the OTA serves) the error shape of a refusal, each fault under
// one check: the error shape of a refusal is protocol.error-shape's, not schema.response's.
import type { LiveExchange } from '../../spec/exchange.js';
import { judgeResponseProtocol, responseObject, typedResponseObject } from '../../checks/protocol.js';
import { REFUSAL_CHECKS, isErrorShapeError, isRefusal, judgeErrorShape, judgePropertyIdTypes } from '../../checks/refusal.js';
import { judgeCandidateBody } from '../../checks/schema-checks.js';
import type { MessageName } from '../../spec/operations.js';
import { OPERATIONS } from '../../spec/operations.js';
import type { StepEnv } from '../step-env.js';
import { recordProtocol } from '../silence.js';

export function judgeResponse(env: StepEnv, operation: MessageName, live: LiveExchange, options: { schema: boolean }): void {
  const ids = [live.record.id];
  recordProtocol(env, live, judgeResponseProtocol(live));
  const response = responseObject(live);
  const ota = OPERATIONS[operation].server === 'ota';
  // Any refusal of the OTA side, an unknown path's included, has the error shape.
  const shape = ota ? judgeErrorShape(response, ids) : undefined;
  if (shape) env.record(REFUSAL_CHECKS.errorShape, shape);
  if (!options.schema) return;
  const refusal = ota && isRefusal(response);
  // Types as sent: a number past the safe range is an integer to the schema, not the text cm-certify keeps.
  const judged = judgeCandidateBody(operation, 'response', typedResponseObject(live), ids, response !== undefined, refusal ? isErrorShapeError : undefined);
  for (const j of judged) env.record(j.meta, j.verdict);
}

/** The property-id-type check for a request whose envelope was built from the profile's ids. */
export function judgeIdTypes(env: StepEnv, operation: MessageName, problems: string[], live: LiveExchange): void {
  const info = OPERATIONS[operation];
  const typed = info.pmsPropertyId === 'integer' || info.wbpPropertyId === 'integer' || info.wbpPropertyId === 'integer-or-empty';
  if (!typed) return;
  env.record(REFUSAL_CHECKS.propertyIdType, judgePropertyIdTypes(problems, operation, [live.record.id]));
}
