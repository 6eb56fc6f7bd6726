// The credentials CreateProperty proposes (src/runner/generators/create-property.ts): fresh per
// run, so a re-run never meets a property an earlier run created; unique within the run, so no
// probe meets another's property (two random digits met about once a run, and the OTA's
// "already exists" refusal then passed a probe that expected a refusal for its broken field);
// and of one width, so a failure text that quotes one wraps the same way in every run.
import { describe, expect, it } from 'vitest';
import { createPropertyItem } from '../../src/runner/generators/create-property.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { referenceProfilePath } from '../../src/cli/reference.js';

describe('the credentials CreateProperty proposes', () => {
  const profile = loadProfile(referenceProfilePath('ota'), {});

  it('are 11 digits for wbp_property_id and 7 for pms_property_id, every time', () => {
    for (let i = 0; i < 400; i++) {
      const item = createPropertyItem(profile, Date.UTC(2026, 10, 28, 0, 0, i));
      expect(item.wbp_property_id).toMatch(/^8\d{10}$/);
      expect(item.pms_property_id).toMatch(/^9\d{6}$/);
    }
  });

  it('no two of a run are equal, however many it makes in one second', () => {
    const at = Date.UTC(2026, 10, 28, 12);
    const items = Array.from({ length: 2_000 }, () => createPropertyItem(profile, at));
    expect(new Set(items.map((i) => i.wbp_property_id)).size).toBe(items.length);
    expect(new Set(items.map((i) => i.pms_property_id)).size).toBe(items.length);
  });
});
