// The one error type of the domain. server/api/errors.ts is the only place that turns a
// code into a tRPC code, an HTTP status and a classifai error_code.

export type DomainErrorCode =
  | 'not_found'
  | 'already_exists'
  | 'invalid_input'
  | 'invalid_state'
  /** The change would touch data that uses the subject; sent again with a confirmation it goes ahead. */
  | 'in_use'
  | 'outside_root'
  | 'unsupported'
  /** Team mode: no valid session or token. */
  | 'unauthenticated'
  /** Team mode: the actor's role may not do this. */
  | 'forbidden'
  /** Too many failed sign-ins for this account or address: wait. */
  | 'rate_limited'
  /** The stored state changed since the one the change was based on (an image's annotation version). */
  | 'version_conflict';

/**
 * Why a request failed, finer than the code. The message keeps classifai's wording for REST
 * clients; the workspace words its own sentence from the reason instead of parsing text.
 */
export const DOMAIN_ERROR_REASONS = [
  'project_missing',
  'project_name_taken',
  'project_name_invalid',
  'folder_missing',
  'folder_is_file',
  'folder_unreadable',
  'label_file_missing',
  'label_file_too_large',
] as const;
export type DomainErrorReason = (typeof DOMAIN_ERROR_REASONS)[number];

export interface DomainErrorDetail {
  reason: DomainErrorReason;
  /** The name or path the reason is about, as the request gave it. */
  subject: string;
}

// Next may load this module once per bundle (instrumentation, each route), so a core built
// in one bundle throws a DomainError another bundle's class does not know: instanceof
// would fail. A registered symbol is the same in every bundle.
const DOMAIN_ERROR = Symbol.for('labelport.DomainError');

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly detail: DomainErrorDetail | undefined;
  readonly [DOMAIN_ERROR] = true;

  constructor(code: DomainErrorCode, message: string, options?: { cause?: unknown; detail?: DomainErrorDetail }) {
    super(message, options);
    this.name = 'DomainError';
    this.code = code;
    this.detail = options?.detail;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return typeof value === 'object' && value !== null && (value as { [DOMAIN_ERROR]?: boolean })[DOMAIN_ERROR] === true;
}

export const notFound = (message: string, detail?: DomainErrorDetail) => new DomainError('not_found', message, { detail });
/** One wording for every lookup of an image by uuid, whichever face asked. */
export const imageNotFound = (projectName: string, uuid: string) => notFound(`Image not found in ${projectName}: ${uuid}`);
export const invalidInput = (message: string, detail?: DomainErrorDetail) => new DomainError('invalid_input', message, { detail });
export const invalidState = (message: string, detail?: DomainErrorDetail) => new DomainError('invalid_state', message, { detail });
export const alreadyExists = (message: string, detail?: DomainErrorDetail) => new DomainError('already_exists', message, { detail });
export const inUse = (message: string, detail?: DomainErrorDetail) => new DomainError('in_use', message, { detail });
export const unauthenticated = (message = 'Sign in first') => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
