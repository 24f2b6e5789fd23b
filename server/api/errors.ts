// THE table from failures to wire answers. Domain failures answer HTTP 200 with message 0,
// as classifai does, so old clients take the same path; bad input 400; unknown routes 404.
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { ZodError } from 'zod';
import { isDomainError, type DomainError, type DomainErrorCode, type DomainErrorDetail } from '@/server/core/errors';

/** classifai's ErrorCodes: 1 user-defined, 2 bad parameter, 3 no such action, 4 other. */
export const ERROR_CODES = { userDefined: 1, badParam: 2, noAction: 3, other: 4 } as const;

const DOMAIN: Record<DomainErrorCode, { trpc: TRPC_ERROR_CODE_KEY; status: number; errorCode: number }> = {
  not_found: { trpc: 'NOT_FOUND', status: 200, errorCode: ERROR_CODES.userDefined },
  already_exists: { trpc: 'CONFLICT', status: 200, errorCode: ERROR_CODES.userDefined },
  invalid_state: { trpc: 'PRECONDITION_FAILED', status: 200, errorCode: ERROR_CODES.userDefined },
  in_use: { trpc: 'CONFLICT', status: 200, errorCode: ERROR_CODES.userDefined },
  unsupported: { trpc: 'PRECONDITION_FAILED', status: 200, errorCode: ERROR_CODES.userDefined },
  invalid_input: { trpc: 'BAD_REQUEST', status: 400, errorCode: ERROR_CODES.badParam },
  outside_root: { trpc: 'BAD_REQUEST', status: 400, errorCode: ERROR_CODES.badParam },
  unauthenticated: { trpc: 'UNAUTHORIZED', status: 401, errorCode: ERROR_CODES.userDefined },
  forbidden: { trpc: 'FORBIDDEN', status: 403, errorCode: ERROR_CODES.userDefined },
  rate_limited: { trpc: 'TOO_MANY_REQUESTS', status: 429, errorCode: ERROR_CODES.userDefined },
  version_conflict: { trpc: 'CONFLICT', status: 409, errorCode: ERROR_CODES.userDefined },
};

export interface ErrorEnvelope {
  message: 0;
  error_code: number;
  error_message: string;
}

export interface RestFailure {
  status: number;
  body: ErrorEnvelope;
}

export const envelope = (status: number, errorCode: number, errorMessage: string): RestFailure => ({
  status,
  body: { message: 0, error_code: errorCode, error_message: errorMessage },
});

export function toTrpcError(error: DomainError): TRPCError {
  return new TRPCError({ code: DOMAIN[error.code].trpc, message: error.message, cause: error });
}

export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

// Matched by brand and name, not instanceof: Next bundles may hold several copies of a class.
function findCause<T>(error: unknown, matches: (value: unknown) => value is T): T | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (matches(current)) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

const isZodError = (value: unknown): value is ZodError =>
  value instanceof Error && value.name === 'ZodError' && Array.isArray((value as { issues?: unknown }).issues);
const isTrpcError = (value: unknown): value is TRPCError => value instanceof Error && value.name === 'TRPCError';

/** The reason and subject of a domain failure, for clients that word their own sentence. */
export function domainDetail(error: unknown): DomainErrorDetail | null {
  return findCause(error, isDomainError)?.detail ?? null;
}

/** The REST answer for any failure a request can meet. */
export function toRestFailure(error: unknown): RestFailure {
  const domain = findCause(error, isDomainError);
  if (domain) {
    const entry = DOMAIN[domain.code];
    return envelope(entry.status, entry.errorCode, domain.message);
  }
  const zod = findCause(error, isZodError);
  if (zod) return envelope(400, ERROR_CODES.badParam, describeZodError(zod));
  if (isTrpcError(error)) {
    switch (error.code) {
      case 'NOT_FOUND':
        return envelope(404, ERROR_CODES.noAction, 'No such endpoint');
      case 'PARSE_ERROR':
      case 'BAD_REQUEST':
      case 'UNSUPPORTED_MEDIA_TYPE':
        return envelope(400, ERROR_CODES.badParam, error.message);
      case 'PAYLOAD_TOO_LARGE':
        return envelope(413, ERROR_CODES.badParam, 'Request body too large');
      case 'METHOD_NOT_SUPPORTED':
        return envelope(404, ERROR_CODES.noAction, 'No such endpoint');
      default:
        break;
    }
  }
  return envelope(200, ERROR_CODES.other, 'Internal error: the server logged it');
}

export function isUnexpected(error: unknown): boolean {
  return toRestFailure(error).body.error_code === ERROR_CODES.other;
}
