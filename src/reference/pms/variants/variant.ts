// How a variant of the reference PMS is made: takes the correct behaviour's class (or one
// another variant already wraps), gives a subclass that decides one thing otherwise: a
// transform of a request it sends, of an answer it gives, or another choice at one step.
import type { OperationName } from '../../../spec/operations.js';
import type { BehaviourClass, OutgoingRequest } from '../behaviour.js';
import type { CallbackAnswer } from '../callbacks.js';

/** A variant: wraps a behaviour class in a subclass that decides one thing otherwise. */
export type PmsVariant = (Base: BehaviourClass) => BehaviourClass;

export type Body = Record<string, unknown>;

/** Changes every request as it goes out. */
export function transformOutgoing(change: (request: OutgoingRequest) => OutgoingRequest): PmsVariant {
  return (Base) =>
    class extends Base {
      override outgoing(request: OutgoingRequest): OutgoingRequest {
        return change(super.outgoing(request));
      }
    };
}

/** Changes the body of the requests of one operation (of every one when undefined). */
export function transformBody(operation: OperationName | undefined, change: (body: Body) => Body): PmsVariant {
  return transformOutgoing((request) =>
    operation === undefined || request.operation === operation ? { ...request, body: change({ ...request.body }) } : request,
  );
}

/** Changes the successful answer to one callback. */
export function transformCallback(name: string, change: (answer: CallbackAnswer) => CallbackAnswer): PmsVariant {
  return (Base) =>
    class extends Base {
      override callbackAnswer(callback: string, answer: CallbackAnswer): CallbackAnswer {
        const given = super.callbackAnswer(callback, answer);
        return callback === name && given.body.success === true ? change(given) : given;
      }
    };
}
