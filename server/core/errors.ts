// The one error type of the domain. server/api/errors.ts is the only place that turns a
// code into a tRPC code, an HTTP status and a classifai error_code.

export type DomainErrorCode =
  | 'not_found'
  | 'already_exists'
  | 'invalid_input'
  | 'invalid_state'
  | 'outside_root'
  | 'unsupported';

export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainError';
    this.code = code;
  }
}

export const notFound = (message: string) => new DomainError('not_found', message);
export const invalidInput = (message: string) => new DomainError('invalid_input', message);
export const invalidState = (message: string) => new DomainError('invalid_state', message);
export const alreadyExists = (message: string) => new DomainError('already_exists', message);
