// The CI docs never clone a release tag the repository does not have (issue 28 item 18): the
// jobs cloned `-b v0.1.0`, which failed. They check out CM_CERTIFY_REF (main when unset), a
// commit or tag the onboarding team names. Before (f9e7431): 4 files named v0.1.0.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/support/package-root.js';

const CI = packagePath('docs', 'ci');

describe('the CI docs', () => {
  const files = readdirSync(CI).filter((f) => f.endsWith('.yml'));

  it.each(files)('%s names no release tag to clone', (file) => {
    const text = readFileSync(join(CI, file), 'utf8');
    expect(text).not.toMatch(/-b v\d|ref: v\d/);
    if (text.includes('git clone')) expect(text).toContain('checkout -q "${CM_CERTIFY_REF:-main}"');
  });
});
