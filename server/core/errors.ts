// The one error type of the domain. server/api/errors.ts is the only place that turns a
// code into a tRPC code, an HTTP status and a classifai error_code.

export type DomainErrorCode =
  | 'not_found'
  | 'already_exists'
  | 'invalid_input'
  | 'invalid_state'
  | 'outside_root'
  | 'unsupported';

// Next may load this module once per bundle (instrumentation, each route), so a core built
// in one bundle throws a DomainError another bundle's class does not know: instanceof
// would fail. A registered symbol is the same in every bundle.
const DOMAIN_ERROR = Symbol.for('labelport.DomainError');

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly [DOMAIN_ERROR] = true;

  constructor(code: DomainErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainError';
    this.code = code;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return typeof value === 'object' && value !== null && (value as { [DOMAIN_ERROR]?: boolean })[DOMAIN_ERROR] === true;
}

export const notFound = (message: string) => new DomainError('not_found', message);
export const invalidInput = (message: string) => new DomainError('invalid_input', message);
export const invalidState = (message: string) => new DomainError('invalid_state', message);
export const alreadyExists = (message: string) => new DomainError('already_exists', message);
