// Where sign-in sends someone back to: a path of this site, never another site's address.

const SITE = 'http://labelport.invalid';

/** The same-site path to come back to after signing in; anything else goes home. */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/')) return '/';
  // Browsers drop tabs and newlines from a URL and read `\` as `/`: `/\t/evil.example` would
  // become `//evil.example`, another site.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    // `//[` or `//a b` is no address at all: home too, not a 500 (the sign-in route and page
    // call this outside any try).
    return '/';
  }
  return url.origin === SITE ? `${url.pathname}${url.search}${url.hash}` : '/';
}
