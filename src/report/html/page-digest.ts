// The digest of a report page's markup: takes the text of report.html, gives the SHA-256 of
// the page with the contents of its embedded JSON elements (the certificate and the report,
// which hold the digest and the signature) emptied. Every version computes it the same way,
// so a verifier of any version can tell an edited page (docs/report-format.md, page_sha256).
import { createHash } from 'node:crypto';

/** `<script type="application/json" id="…">` … `</script>`: the JSON elements a page embeds (whose text never holds `<`). */
const EMBEDDED_JSON = /(<script type="application\/json" id="[^"<>]*">)[^<]*(<\/script>)/g;

export function pageSkeleton(page: string): string {
  return page.replace(EMBEDDED_JSON, '$1$2');
}

export function pageDigest(page: string): string {
  return createHash('sha256').update(pageSkeleton(page), 'utf8').digest('hex');
}
