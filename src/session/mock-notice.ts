// What a PMS needs before a run starts: takes the PMS target's started mock channel manager,
// gives the lines that name its URL and how to trust it (its certificate's fingerprint and
// PEM file), or that it serves plain HTTP and the run cannot be certified.
import { visibleLine } from '../support/sanitise.js';
import type { PmsSide } from '../runner/types.js';

export function describeMock(pms: PmsSide): string {
  const lines = [`Channel manager for your PMS: ${visibleLine(pms.mock.url)}`];
  const t = pms.transport;
  if (t?.scheme === 'http' || !pms.mock.url.startsWith('https://')) {
    lines.push(`  plain HTTP (${visibleLine(t?.reason ?? 'no TLS')}): local development only; this run cannot be certified`);
  } else if (t?.certificate) {
    const c = t.certificate;
    const source = {
      generated: 'self-signed, generated for this run (no cache folder: set CM_CERTIFY_CACHE_DIR to keep one)',
      cached: `self-signed, kept between runs: the same until ${c.notAfter?.slice(0, 10) ?? 'it nears expiry'} (less 30 days)`,
      profile: 'from the profile',
      worker: "the onboarding service worker's, the same for every run it holds (its page shows the PEM)",
    }[c.source];
    lines.push(`  TLS certificate: ${c.cacheRefused ? `self-signed, generated for this run: the cache folder is not used, ${c.cacheRefused}` : source}`);
    lines.push(`  SHA-256 fingerprint (pin it in your PMS): ${c.fingerprint256}`);
    if (c.file) lines.push(`  certificate PEM (trust it in your PMS${c.source === 'generated' ? ', valid for this run' : ''}): ${visibleLine(c.file)}`);
  }
  return `${lines.join('\n')}\n`;
}
