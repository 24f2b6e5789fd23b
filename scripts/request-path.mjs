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

// Next matches a path against every dynamic route before it reaches the catch-all that serves
// the classifai interface, and rebuilds that route's matcher for each request: some 30 µs of a
// 1 ms request (a perf profile of the empty project list). So the server's listener sends the
// calls it can tell are REST to a static route, with their own target in a header. Anything
// else (an unknown path, a target it cannot tell safely) still reaches the catch-all, which
// answers it the same way.

/** The static route REST calls are sent to (app/classifai-rest/route.ts). */
export const REST_ENTRY_PATH = '/classifai-rest';

/** The REST call's own target, set on the way to REST_ENTRY_PATH and dropped from anything a client sends. */
export const REST_TARGET_HEADER = 'x-labelport-rest-target';

/** The first segments of every classifai REST path: `v2` and the annotation types (a test keeps this in step with the router). */
export const REST_FIRST_SEGMENTS = ['v2', 'bndbox', 'seg'];

// The library matches paths case-insensitively. Printable ASCII only, no dot segment, no
// backslash, no encoded dot: such a target is left to Next's own routing, as before.
const REST_TARGET = new RegExp(`^/(?:${REST_FIRST_SEGMENTS.join('|')})/[\\x21-\\x7e]*$`, 'i');
const UNSAFE_TARGET = /\/\.\.?(?:[/?#]|$)|\\|%2e/i;

/** Whether a request target (normaliseRequestTarget's) is a classifai REST call, which no other route claims. */
export const isRestTarget = (target) => REST_TARGET.test(target) && !UNSAFE_TARGET.test(target);
