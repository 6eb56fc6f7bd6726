// SetupProperty: takes the request body and the properties the channel manager knows (the
// test property, one CreateProperty made, one whose connection is not enabled yet), gives
// the reply: success for known credentials, 1002 for a connection not yet enabled, 1001
// otherwise (spec: SetupProperty). Pure.
import { type RequestBody, credentialsMatch, idsMatch, passwordMatches } from './envelope.js';
import { sameId } from '../spec/envelope-facts.js';
import type { SyncedProperty } from './property-book.js';
import { OTA_ERROR_IDS, type Reply, failure, success } from './replies.js';

export interface SetupContext {
  property: { pms_property_id: number; wbp_property_id: string; wbp_property_password: string };
  notEnabled: { wbp_property_id: string; wbp_property_password: string } | undefined;
  /** The password is optional in SetupProperty: the right ids without one succeed. */
  passwordOptional: boolean;
  /** The property CreateProperty made that the body's credentials name, if any. */
  synced: SyncedProperty | undefined;
}

export function answerSetupProperty(body: RequestBody, ctx: SetupContext): Reply {
  return roomInfoChecked(body, () => {
    const { property, notEnabled } = ctx;
    if (credentialsMatch(body, property) || ctx.synced) return success();
    if (ctx.passwordOptional && body.wbp_property_password === undefined && idsMatch(body, property)) return success();
    if (notEnabled && sameId(body.wbp_property_id, notEnabled.wbp_property_id) && passwordMatches(body, notEnabled)) {
      return failure(OTA_ERROR_IDS.connectionNotEnabled, 'The connection must first be enabled on the channel manager.');
    }
    return failure(OTA_ERROR_IDS.invalidCredentials, 'The property credentials are incorrect.');
  });
}

/** The optional RoomInfo list is accepted (and not used) when it is an array. */
export function roomInfoChecked(body: RequestBody, next: () => Reply): Reply {
  if (body.RoomInfo !== undefined && !Array.isArray(body.RoomInfo)) {
    return failure(OTA_ERROR_IDS.badRequest, 'RoomInfo must be an array when present.');
  }
  return next();
}
