// What the server does to a request's path before Next routes it. The classifai client puts
// project names into URLs unescaped, so a name like "50% off" arrives as `50%%20off`: its bare
// `%` is the character itself. Next's router throws on such a path and answers a plain-text 500
// before any of our code runs, as it does for a path that is not UTF-8 once decoded.

const BARE_PERCENT = /%(?![0-9a-fA-F]{2})/g;

/** `%` not starting an escape stands for itself, as browsers read it. */
export const escapeBarePercents = (text) => text.replace(BARE_PERCENT, '%25');

/**
 * The request target with bare `%` escaped; null when a path segment still does not decode
 * (an escape that is not UTF-8), which the server answers with the REST error envelope.
 */
export function normaliseRequestTarget(target) {
  const queryAt = target.indexOf('?');
  const pathPart = queryAt < 0 ? target : target.slice(0, queryAt);
  if (!pathPart.includes('%')) return target;
  const escaped = escapeBarePercents(pathPart);
  try {
    decodeURIComponent(escaped);
  } catch {
    return null;
  }
  return queryAt < 0 ? escaped : escaped + target.slice(queryAt);
}

/** The envelope of a path that cannot be decoded (error_code 2: a bad parameter). */
export const MALFORMED_PATH_BODY = JSON.stringify({ message: 0, error_code: 2, error_message: 'Malformed percent-encoding in the request path' });
