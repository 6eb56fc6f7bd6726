// One form of a URL for showing and comparing: takes a URL as a person or profile wrote it,
// gives it as the HTTP client reads it (WHATWG URL): scheme and host in lower case, a
// look-alike (IDN) host in punycode, a backslash read as the slash it is, the default port
// dropped, and no trailing slash. So the host every output names is the host called.

/** The URL normalised; a text that is no URL is given back without its trailing slashes. */
export function normalUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text.replace(/\/+$/, '');
  }
  return url.search || url.hash ? url.href : url.href.replace(/\/+$/, '');
}

/** Whether two URLs name the same place once normalised. */
export function sameUrl(a: string, b: string): boolean {
  return normalUrl(a) === normalUrl(b);
}
