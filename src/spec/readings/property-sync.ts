// Readings of the property operations (deep integrations): takes nothing, gives how cm-certify
// treats CreateProperty's credentials and activation, how it reads an operation's effect back
// when the answers are "not shown", and UpdateRatePlan.
import { SPEC } from '../sections.js';
import type { ReadingTopic } from './types.js';
import { quote } from './types.js';

const CREATE = SPEC.endpoint('CreateProperty');
const CREATE_NOT_SHOWN = quote(CREATE, 'Response of CreateProperty: not shown.');
const UPDATE_ROOM_NOT_SHOWN = quote(SPEC.endpoint('UpdateRoom'), 'Response of UpdateRoom: not shown.');
const RATE_PLAN_NOT_SHOWN = quote(
  SPEC.endpoint('Operations whose payloads are incomplete'),
  'UpdateRatePlan (creates or updates a rate plan): request and response fields: not shown.',
);
const ROOM_LABEL = quote(SPEC.roomsItem, 'label | string | no | Name of the room type');

export const PROPERTY_SYNC: ReadingTopic = {
  title: 'Property sync (deep integrations)',
  readings: [
    {
      id: 'D-018',
      title: "CreateProperty's credentials",
      quotes: [
        quote(CREATE, 'Request: envelope (wbp_property_id and wbp_property_password are required strings) plus `Property` (object, required, see Property).'),
        quote(SPEC.endpoint('SetupProperty'), 'Credentials may be set up manually or via CreateProperty.'),
        CREATE_NOT_SHOWN,
      ],
      summary:
        "CreateProperty's credentials are not compared with the issued ones (the property may have none yet); every later request must carry the issued ones.",
      reading:
        "The property is being created, so it may have no credentials yet. PMS target: CreateProperty's credentials are not compared with the issued ones (schema.request still requires strings); every later operation must carry the issued ones, and the mock channel manager answers CreateProperty with them. OTA target: the suite proposes fresh credentials each run (a numeric wbp_property_id, because SetupProperty types it as an integer; or the profile's fixtures.create_property) and addresses the created property afterwards with the credentials the answer carries (wbp_property_id/wbp_property_password, as the predecessor's answer did), or with the proposed ones when it carries none.",
      rules: ['cp-request', 'env-creds-every-call'],
      checks: { 'pms.envelope.credentials': 'required', 'property.create.accepted': 'required' },
    },
    {
      id: 'D-019',
      title: '"Not activated"',
      quotes: [quote(CREATE, 'Prerequisite: activated explicitly by the channel manager.')],
      summary: 'An answer with an id the profile names in error_ids.not_activated is not applicable, never a pass; any other failure fails.',
      reading:
        "There is no error id for a CreateProperty that is not activated. The OTA profile names its id(s) in error_ids.not_activated. An answer with such an id skips the check as not applicable, with the answer's id and message as the reason (never a pass), and the rest of the property suite is skipped the same way. Any other failure is a failure, and a failed CreateProperty blocks the rest (skipped as blocked: not certified). A profile that does not declare CreateProperty has the whole OTA property suite reported not applicable: UpdateRoom, DeleteRoom and DeleteRatePlan are certified on the property the suite creates, because the PMS room and rate plan ids of an existing test property are unknown to the harness.",
      rules: ['cp-activation'],
      checks: { 'property.create.accepted': 'required' },
    },
    {
      id: 'D-401',
      title: 'CreateProperty while not activated, through an activation hook',
      quotes: [quote(CREATE, 'Prerequisite: activated explicitly by the channel manager.')],
      summary: 'With hooks.create_property_activation, one CreateProperty sent while the activation is withdrawn must get success false.',
      reading:
        'Activation is an act of the channel manager the API does not carry, so only the candidate can withdraw it: the optional hooks.create_property_activation takes {"activated": false} or {"activated": true}. After the property suite, the harness withdraws the activation, sends one CreateProperty with a complete Property and fresh credentials, and gives the activation back at once. The CreateProperty must be answered with success false (required); the failure answer is not shown, so no error id is asked for (error_ids.not_activated names the one an OTA uses). Without the hook the check is not applicable, never a pass; an OTA whose CreateProperty is not activated at all skips it with the rest of the suite (D-019).',
      rules: ['cp-activation'],
      checks: { 'property.create.not-activated-refused': 'required' },
    },
    {
      id: 'D-020',
      title: 'Reflection in GetRoomTypes / GetRatePlans, through room_mappings',
      quotes: [quote(SPEC.endpoints, 'Returns the rooms configured for the credentials'), CREATE_NOT_SHOWN, UPDATE_ROOM_NOT_SHOWN],
      summary: "Created, updated and deleted rooms and rate plans were found through the predecessor's room_mappings in the answers.",
      reading:
        "Which OTA ids belong to the PMS ids is known only where an answer says so. The checks read the predecessor's room_mappings; where mapped, created and updated rooms and rate plans had to be listed and deleted ones not (required), and the changed room's label was recommended. Where nothing mapped the rooms, the checks were skipped as not applicable.",
      rules: ['grt-shape', 'grp-shape', 'delete-requests'],
      checks: {
        'property.create.rooms-listed': 'required',
        'property.update-room.rooms-listed': 'required',
        'property.delete-room.gone': 'required',
        'property.delete-rate-plan.gone': 'required',
        'property.update-room.label': 'recommended',
      },
      supersededBy: ['D-120'],
    },
    {
      id: 'D-021',
      title: 'UpdateRatePlan: only the envelope is judged',
      quotes: [RATE_PLAN_NOT_SHOWN],
      summary: 'UpdateRatePlan states no rule: its check is always skipped as not applicable, "no rule could be checked", never a pass.',
      reading:
        'As D-003, only the envelope of UpdateRatePlan is judged. The PMS target\'s check pms.property.update-rate-plan (advisory) is always skipped as not applicable with the message "no rule could be checked", its exchange kept as evidence: never a pass, which would claim a rule was checked.',
      rules: [],
      checks: { 'pms.property.update-rate-plan': 'advisory' },
      supersededBy: ['D-121'],
      partly: "The OTA target: UpdateRatePlan is now sent as a Room's rate plan and judged at recommended (D-121). The PMS target is unchanged.",
    },
    {
      id: 'D-120',
      title: "Effects are read back by labels, not by an answer's ids",
      quotes: [CREATE_NOT_SHOWN, UPDATE_ROOM_NOT_SHOWN, ROOM_LABEL, quote(SPEC.ratePlansItem, 'title | string | yes | Name of the rate plan')],
      summary: 'A room is found by its label, a rate plan by a title containing its label, in GetRoomTypes/GetRatePlans read after each operation.',
      reading:
        "No real OTA has to send room_mappings, so no property check may need it. Every room label and rate plan label the harness sends ends in a nonce unique to the run (cm + 4 hex digits); GetRoomTypes and GetRatePlans are read after each operation (and the list before it is kept). A room is found by its label, a rate plan by its title containing its label_public or label_private (case and runs of white space ignored, text around the label allowed). An answer's room_mappings may still help find a room; it is never needed. Where GetRoomTypes gives no label at all, rooms are matched by ids before and after (new ids after a creation, fewer rooms after a deletion). A refusal of the read (the property was never stored: 1001) is a failure, not a skip.",
      rules: ['grt-shape', 'grp-shape', 'delete-requests', 'model-multi-rate-per-room'],
      checks: {
        'property.create.rooms-listed': 'required',
        'property.create.rate-plans-listed': 'required',
        'property.update-room.rooms-listed': 'required',
        'property.update-room.rate-plans-listed': 'required',
        'property.delete-room.gone': 'required',
        'property.delete-room.plans-gone': 'required',
        'property.delete-rate-plan.gone': 'required',
      },
      supersedes: ['D-020'],
    },
    {
      id: 'D-121',
      title: "UpdateRatePlan is sent as a Room's rate plan, and judged at recommended",
      quotes: [RATE_PLAN_NOT_SHOWN],
      summary: 'The harness sends rateplan as in a Room; success and the new title in GetRatePlans are recommended, since the spec states no field.',
      reading:
        'The harness sends rateplan: {pms_rate_id, label_public, label_private, meal_codes} as in a Room. Success and the new title in GetRatePlans are recommended: the spec states no field, so a different correct shape must not deny certification. The reference OTA applies the new labels to the rate plan in every room.',
      rules: ['grp-shape'],
      checks: { 'property.update-rate-plan.accepted': 'recommended', 'property.update-rate-plan.title-shown': 'recommended' },
      supersedes: ['D-021'],
    },
    {
      id: 'D-128',
      title: 'A new label cannot be judged without labels',
      quotes: [ROOM_LABEL],
      summary: 'The label check is not applicable when GetRoomTypes lists no label for any room: the spec allows leaving it out.',
      reading:
        "The label check is not applicable, with that reason, when GetRoomTypes lists no label for any room: the candidate's spec-allowed shape, not a profile setting, decides here. GetRoomTypes' label may also be the owner's own name, so the check is recommended.",
      rules: ['grt-room-item'],
      checks: { 'property.update-room.label': 'recommended' },
    },
  ],
};
