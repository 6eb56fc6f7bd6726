// `cm-certify verify-report FILE [--trust PUBKEY…] [--require WORD] [--cid X] [--base-url U]`:
// takes a report.json or report.html, verifies it against its certificate and its own facts
// (src/report/verify.ts), says who it certifies and whether its signature is by a trusted key,
// and, with --require, whether it passes the gate (which needs --trust, or --allow-unsigned
// to accept a self-assessment). Gives 0 (intact, and every condition asked met), 1 (altered,
// signature invalid, not trusted with --trust, or the gate refused) or 2
// (unreadable, not a cm-certify report, or a key file that is not a public key).
import { resolve } from 'node:path';
import type { Certificate, CertificateIdentity } from '../../report/certificate.js';
import { checkSignature, describeSignature } from '../../report/signature.js';
import type { SignatureStatus, TrustedKey } from '../../report/signature.js';
import { verifyReportText as verifyText } from '../../report/verify.js';
import type { Verification } from '../../report/verify.js';
import { meetsRequirement, parseRequire } from '../../session/gate.js';
import { harnessVersion } from '../../support/package-root.js';
import { thisHarness } from '../../session/builtin-levels.js';
import { readPublicKey } from '../../support/signing-keys.js';
import { visibleLine } from '../../support/sanitise.js';
import { sameUrl } from '../../support/normal-url.js';
import type { CliIo } from '../io.js';
import { readReportFile } from '../read-report.js';

export interface VerifyReportOptions {
  file: string;
  /** Public key files whose signatures are trusted. */
  trust?: string[] | undefined;
  /** certified or certified-with-waivers: the gate. */
  require?: string | undefined;
  /** With --require: the pms_cid the certificate must name. */
  cid?: string | undefined;
  /** With --require: the base URL the certificate must name. */
  baseUrl?: string | undefined;
  /** With --require and no --trust: accept a report nothing signed (a self-assessment). */
  allowUnsigned?: boolean | undefined;
}

export const VERIFY_EXIT = { intact: 0, altered: 1, refused: 1, unreadable: 2 } as const;
/** Differences printed before "… and N more": the first ones locate the change. */
const MAX_SHOWN = 40;

export type { Verification };

/** Verifies the text of a report file; pure but for the harness version it compares with. */
export function verifyReportText(text: string, currentVersion: string = harnessVersion()): Verification {
  return verifyText(text, thisHarness(currentVersion));
}

const f = (value: unknown): string => visibleLine(String(value));

function identityLines(id: CertificateIdentity | undefined, cert: Certificate): string[] {
  if (!id) return [`  candidate: ${f(cert.candidate_base_url)} (a ${f(cert.format)} certificate names no more)`];
  const lines = [`  candidate: ${f(id.name)} · ${f(id.base_url)} · pms_cid ${f(id.pms_cid ?? 'none')}`];
  const of = id.tls_certificate_of === 'mock' ? "the mock channel manager's, which the PMS trusted" : "the candidate's";
  lines.push(`  TLS certificate SHA-256 (${of}): ${f(id.tls_certificate_sha256 ?? 'none (plain HTTP, or through a proxy)')}`);
  if (id.proxy) lines.push(`  PROXY: the run reached the candidate through ${f(id.proxy)}: what answered may be any server behind it`);
  if (id.reference)
    lines.push(
      `  REFERENCE CANDIDATE: this is cm-certify's own ${f(id.reference.candidate)}${id.reference.variants.length ? ` (variants: ${f(id.reference.variants.join(', '))})` : ''}, ${f(id.reference.how)}: it certifies the harness, not a partner`,
    );
  return lines;
}

function waiverLines(cert: Certificate): string[] {
  if (!cert.waivers) return [];
  if (!cert.waivers.length) return ['  waivers: a waiver file with no entries'];
  return cert.waivers.map(
    (w) =>
      `  waiver ${f(w.status)}: ${f(w.check)}${w.suite ? ` (suite ${f(w.suite)})` : ''} until ${f(w.expires)}, approved by ${f(w.approved_by)}: ${f(w.reason)}`,
  );
}

function intactLines(file: string, cert: Certificate): string[] {
  const suites = Object.entries(cert.suite_versions ?? {})
    .map(([n, v]) => `${n} ${v}`)
    .join(', ');
  return [
    `intact: ${file} matches its certificate, and its verdict is the one its own checks give`,
    // The verdict exactly as the certificate records it (e.g. "passed-partial (not a certification: certifies nothing)").
    `  verdict: ${f(cert.verdict)}`,
    ...identityLines(cert.identity, cert),
    `  scope ${f(cert.scope)} · ${f(cert.target)} target · issued ${f(cert.issued_at)}`,
    ...waiverLines(cert),
    `  cm-certify ${f(cert.harness_version)} · spec ${f(cert.spec_version)} · suites ${f(suites || 'none')}`,
    `  profile SHA-256 ${f(cert.profile_sha256)} · evidence SHA-256 ${f(cert.evidence_sha256)}`,
  ];
}

/** What the answer proves, in plain words: a digest proves consistency, only a trusted signature proves who. */
function provesLine(signature: SignatureStatus | undefined): string {
  if (signature?.status === 'trusted')
    return `  what this proves: the holder of ${signature.keyId} made this certificate with cm-certify, and nothing it covers changed since; the candidate lines say what was certified.`;
  return '  what "intact" proves: the file is as its certificate describes it and its verdict follows from its own checks. It does not prove who ran it, or against what: anyone who can edit a report can recompute its digests. Only a signature by a key you trust (--trust) proves that the key\'s holder made it.';
}

function readTrusted(files: readonly string[], cwd: string): TrustedKey[] {
  return files.map((file) => ({ ...readPublicKey(resolve(cwd, file)), label: file }));
}

/** Why the gate refuses; [] when it passes. The identity is checked whenever --cid or --base-url is given. */
function gateRefusals(options: VerifyReportOptions, cert: Certificate, signature: SignatureStatus | undefined): string[] {
  const required = parseRequire(options.require);
  const out: string[] = [];
  if (required && !meetsRequirement(cert.verdict, required))
    out.push(`the verdict is ${cert.verdict}, not ${required === 'certified' ? 'certified' : 'certified or certified-with-waivers'}`);
  if (required && signature && signature.status !== 'trusted') out.push(`the signature is not by a trusted key (${signature.status})`);
  if (required && cert.identity?.reference) out.push("the candidate is cm-certify's own reference candidate, not a partner's");
  if (options.cid !== undefined && cert.identity?.pms_cid !== options.cid)
    out.push(`the certificate names pms_cid ${cert.identity?.pms_cid ?? 'none'}, not ${options.cid}`);
  if (options.baseUrl !== undefined && !sameUrl(cert.identity?.base_url ?? '', options.baseUrl) && !sameUrl(cert.candidate_base_url, options.baseUrl))
    out.push(`the certificate names the base URL ${cert.identity?.base_url ?? cert.candidate_base_url}, not ${options.baseUrl}`);
  // Without --trust nothing proves who made the report: anyone can rewrite one and recompute its digests.
  if (required && !signature && !options.allowUnsigned)
    out.push(
      "without --trust nothing proves who made this report (anyone can rewrite one and recompute its digests): give --trust with the team's public key, or --allow-unsigned to accept a self-assessment",
    );
  return out;
}

export async function verifyReportCommand(options: VerifyReportOptions, io: CliIo): Promise<number> {
  // Usage first: a bad flag or key file is exit 2 before the report is read.
  parseRequire(options.require);
  const trusted = options.trust?.length ? readTrusted(options.trust, io.cwd) : undefined;
  // Errors name the absolute path; the verdict lines name the file as given.
  const path = resolve(io.cwd, options.file);
  const read = readReportFile(path);
  if ('reason' in read) {
    io.stderr.write(`error: ${visibleLine(read.reason)}\n`);
    return VERIFY_EXIT.unreadable;
  }
  const v = verifyReportText(read.text);
  // Everything below but our own words comes from the checked file: shown with its controls visible.
  const file = visibleLine(options.file);
  if (v.status === 'unreadable') {
    io.stderr.write(`error: ${visibleLine(path)} is not a cm-certify report: ${visibleLine(v.reason)}\n`);
    return VERIFY_EXIT.unreadable;
  }
  const cert = v.certificate;
  const signature = trusted || cert.signature !== undefined ? checkSignature(cert, trusted ?? []) : undefined;
  const lines: string[] = [];
  // The first line says the worst that holds: a reader who stops there is not told "intact" by a report whose signature fails.
  const invalid = signature?.status === 'invalid';
  if (v.status === 'intact') {
    const [first, ...rest] = intactLines(file, cert);
    lines.push(invalid ? `SIGNATURE INVALID: ${file} matches its certificate, but the certificate's signature does not verify` : first!, ...rest);
  } else {
    const shown = v.differences.slice(0, MAX_SHOWN).map((d) => `  - ${visibleLine(d)}`);
    const more = v.differences.length > MAX_SHOWN ? [`  … and ${v.differences.length - MAX_SHOWN} more differences`] : [];
    lines.push(`ALTERED${invalid ? ' and SIGNATURE INVALID' : ''}: ${file} differs from its certificate or from its own facts:`, ...shown, ...more);
  }
  lines.push(`  signature: ${visibleLine(describeSignature(signature ?? { status: 'unsigned' }))}`);
  for (const note of v.notes) lines.push(`  note: ${visibleLine(note)}`);
  if (v.status === 'intact') lines.push(provesLine(signature));
  if (trusted && signature?.status !== 'trusted')
    lines.push(`trust (--trust): REFUSED: ${signature?.status ?? 'unsigned'}: not signed by any of the keys given`);
  const refusals = v.status === 'intact' ? gateRefusals(options, cert, trusted ? signature : undefined) : [];
  const asked = [
    ...(options.require !== undefined ? [`--require ${options.require}`] : []),
    ...(options.cid !== undefined ? ['--cid'] : []),
    ...(options.baseUrl !== undefined ? ['--base-url'] : []),
  ].join(' ');
  if (asked)
    lines.push(
      refusals.length
        ? `gate (${asked}): REFUSED: ${visibleLine(refusals.join('; '))}`
        : v.status === 'intact'
          ? `gate (${asked}): passed`
          : `gate (${asked}): REFUSED: the report is altered`,
    );
  io.stdout.write(`${lines.join('\n')}\n`);
  if (v.status !== 'intact' || invalid) return VERIFY_EXIT.altered;
  if (trusted && signature?.status !== 'trusted') return VERIFY_EXIT.refused;
  return refusals.length ? VERIFY_EXIT.refused : VERIFY_EXIT.intact;
}
