// A partner's own suite file, as the docs show one: two call steps, a capture, a template body
// and three checks of their own (one a deliberately wrong expectation, advisory: a warning).
// Read by the user-suite tests (test/cli/user-suite.test.ts, the user-suite cache's).
export const PARTNER_SUITE = `suite: partner-extras
title: Our own extra checks
version: 0.1.0
target: ota
steps:
  - id: rooms
    call: GetRoomTypes
    capture:
      first_room: "\${response.Rooms[0].wbp_room_id}"
    checks:
      - id: partner.rooms.dorm-flagged
        title: Our dormitory is flagged as a dorm
        level: recommended
        spec: Resources and their fields › Room (response item of GetRoomTypes)
        expect:
          json:
            /Rooms: { contains: { dorm: true } }
  - id: availability
    title: Close one night for the first room
    call: ARIUpdate
    body:
      currency: "\${profile.currency}"
      Inventory:
        - { wbp_room_id: "\${str(captures.first_room)}", wbp_rate_id: "DBL-FLEX", start_date: "\${today+10d}", end_date: "\${today+10d}", close: true }
    checks:
      - id: partner.ari.close-one-night
        title: Closing one night is accepted
        level: required
        spec: Endpoints › ARIUpdate
        expect: { success: true }
      - id: partner.ari.wrongly-expects-failure
        title: A deliberately wrong expectation, to show a failure is reported
        level: advisory
        spec: Endpoints › ARIUpdate
        expect: { success: false }
`;
