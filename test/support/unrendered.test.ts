import { describe, expect, it, vi } from 'vitest';
import { writeReportFile } from '../../src/report/write-file.js';
import { findUnrendered } from './unrendered.js';

describe('findUnrendered', () => {
  it("finds the harness's own unrendered templates, not a candidate's ${...} text", () => {
    expect(findUnrendered('no GetBookingId arrived within ${settings.reaction_ms} (0 s)')).toEqual(['${settings.reaction_ms}']);
    expect(findUnrendered('"title":"within ${ profile.deadlines.default }"')).toEqual(['${ profile.deadlines.default }']);
    expect(findUnrendered('candidate said ${jndi:ldap://x} and $HOME and {settings}')).toEqual([]);
  });

  it('every report written in-process goes through the scanning writer (the setup file)', () => {
    expect(vi.isMockFunction(writeReportFile)).toBe(true);
  });
});
