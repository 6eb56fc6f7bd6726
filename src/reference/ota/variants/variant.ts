// How a broken variant of the reference OTA is made: takes the correct channel manager's
// class (or one another variant already wraps), gives a subclass that changes one thing.
// Three shapes: a transform of the request before the core reads it, a transform of the
// answer it gives, or an override of one of its seams (a small protected method).
import type {
  ChannelManager,
  ChannelManagerOptions,
  CmRequest,
  OtaResponse,
  PropertyBook,
  PropertyTarget,
  Reply,
  RequestBody,
} from '../../../channel-manager/index.js';
import type { OperationName } from '../../../spec/operations.js';

/** The correct channel manager's class, or a variant of it. */
export type CandidateClass = new (options: ChannelManagerOptions) => ChannelManager;

/** A broken variant: wraps a candidate class in a subclass that changes one thing. */
export type OtaVariant = (Base: CandidateClass) => CandidateClass;

export type SuccessBody = Record<string, unknown>;

/** Changes a readable request before the core answers it. */
export function transformRequest(change: (request: CmRequest, candidate: ChannelManager) => CmRequest): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override answer(request: CmRequest): Reply {
        return super.answer(change(request, this));
      }
    };
}

/**
 * Answers some operations in the core's place once the request is checked (shared secret,
 * envelope, credentials); undefined leaves the answer to the core.
 */
export function answerInstead(
  operations: readonly OperationName[],
  answer: (body: RequestBody, operation: OperationName, candidate: ChannelManager) => Reply | undefined,
): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override operate(operation: OperationName, body: RequestBody, target: PropertyTarget): Reply {
        const instead = operations.includes(operation) ? answer(body, operation, this) : undefined;
        return instead ?? super.operate(operation, body, target);
      }
    };
}

type BookClass = new () => PropertyBook;

/** The book of created properties replaced by a subclass (its effects or its listing changed). */
export function overrideBook(change: (Book: BookClass) => BookClass): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override propertyBookType(): BookClass {
        return change(super.propertyBookType());
      }
    };
}

/** Changes the core's answer to a readable request. */
export function transformAnswer(change: (reply: Reply, request: CmRequest, candidate: ChannelManager) => Reply): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override answer(request: CmRequest): Reply {
        return change(super.answer(request), request, this);
      }
    };
}

/** Changes one operation's answer, success or failure. */
export function transformAnswerTo(operation: OperationName, change: (reply: Reply, request: CmRequest, candidate: ChannelManager) => Reply): OtaVariant {
  return transformAnswer((reply, request, candidate) => (request.operation === operation ? change(reply, request, candidate) : reply));
}

/** Changes the body of one operation's successful answer. */
export function transformSuccess(operation: OperationName, change: (body: SuccessBody, request: CmRequest) => SuccessBody): OtaVariant {
  return transformAnswerTo(operation, (reply, request) => (reply.kind === 'success' ? { kind: 'success', body: change(reply.body, request) } : reply));
}

/** Changes one operation's failure whose first error has this id. */
export function transformError(
  operation: OperationName,
  id: number,
  change: (reply: Reply, request: CmRequest, candidate: ChannelManager) => Reply,
): OtaVariant {
  return transformAnswerTo(operation, (reply, request, candidate) =>
    reply.kind === 'failure' && reply.errors[0]?.id === id ? change(reply, request, candidate) : reply,
  );
}

/** Changes the HTTP answer the core renders from any reply (refusals of unreadable requests included). */
export function transformResponse(change: (response: OtaResponse, reply: Reply) => OtaResponse): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override render(reply: Reply): OtaResponse {
        return change(super.render(reply), reply);
      }
    };
}

/** Same HTTP answer, another status or content type, for failures whose first error has this id. */
export function respondToError(id: number, change: Partial<Pick<OtaResponse, 'status'>> & { contentType?: string }): OtaVariant {
  return transformResponse((response, reply) => {
    if (reply.kind !== 'failure' || reply.errors[0]?.id !== id) return response;
    const headers = change.contentType ? { ...response.headers, 'content-type': change.contentType } : response.headers;
    return { ...response, status: change.status ?? response.status, headers };
  });
}
