// The lines `run --target pms` prints before the run: takes the PMS side, gives the mock's
// URL and how a PMS trusts it (the certificate's SHA-256 fingerprint to pin and its PEM
// file), or that it serves plain HTTP. Kept apart from pms-side.ts, which is loaded lazily.
import type { PmsSide } from '../runner/types.js';
import { visibleLine } from '../support/sanitise.js';

/** The mock's URL and how to trust it (or that it is plain HTTP), before the run starts. */
export function describeMock(pms: PmsSide): string {
  const lines = [`Channel manager for your PMS: ${visibleLine(pms.mock.url)}`];
  const t = pms.transport;
  if (t?.scheme === 'http' || !pms.mock.url.startsWith('https://')) {
    lines.push(`  plain HTTP (${visibleLine(t?.reason ?? 'no TLS')}): local development only; this run cannot be certified`);
  } else if (t?.certificate) {
    const c = t.certificate;
    lines.push(`  TLS certificate: ${c.source === 'generated' ? 'self-signed, generated for this run' : 'from the profile'}`);
    lines.push(`  SHA-256 fingerprint (pin it in your PMS): ${c.fingerprint256}`);
    if (c.file) lines.push(`  certificate PEM (trust it in your PMS${c.source === 'generated' ? ', valid for this run' : ''}): ${visibleLine(c.file)}`);
  }
  return `${lines.join('\n')}\n`;
}
