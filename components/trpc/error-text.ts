// The sentence a person reads when a call fails. The server's message keeps classifai's
// wording for REST clients ("Project name exist: X"), so the workspace words its own from the
// stable reason the tRPC error carries, never by parsing that text.
import type { DomainErrorData } from '@/server/api/schemas/error.schema';
import { DOMAIN_ERROR_REASONS } from '@/server/api/schemas/error-reasons';

const GENERIC = 'Something went wrong. The server logged the details.';
// classifai's "other" error_code: an unexpected failure whose message says nothing useful.
const UNEXPECTED_ERROR_CODE = 4;

interface FailureData {
  code?: string;
  envelope?: { error_code?: number; error_message?: string };
  domain?: unknown;
}

function sentence({ reason, subject }: DomainErrorData, serverMessage: string | undefined): string {
  switch (reason) {
    case 'project_missing':
      return `The project ${subject} no longer exists`;
    case 'project_name_taken':
      return `A project named ${subject} already exists`;
    case 'project_name_invalid':
      // Our own rule, already worded for people ("must not contain / or \").
      return serverMessage ?? 'This project name cannot be used';
    case 'folder_missing':
      return subject.trim() === '' ? 'Choose the folder of images' : `The folder ${subject} does not exist`;
    case 'folder_is_file':
      return 'This is a file; choose its folder';
    case 'folder_unreadable':
      return `The folder ${subject} cannot be read; check its permissions`;
    case 'label_file_missing':
      return `The label file ${subject} does not exist`;
    case 'label_file_too_large':
      return `The label file ${subject} is larger than 1 MB`;
    default: {
      const unknownReason: never = reason;
      return String(unknownReason);
    }
  }
}

/**
 * The shape of error.schema's domainErrorData, checked by hand: parsing it with the schema
 * put zod (~100 KB) into the script every page loads before it can show anything.
 */
function isDomainErrorData(value: unknown): value is DomainErrorData {
  if (!value || typeof value !== 'object') return false;
  const { reason, subject } = value as Record<string, unknown>;
  return typeof subject === 'string' && (DOMAIN_ERROR_REASONS as readonly unknown[]).includes(reason);
}

/** What the server said of a failed call (a TRPCClientError's data); undefined when it said nothing (unreachable). */
const failureData = (error: unknown): FailureData | null | undefined =>
  error && typeof error === 'object' && 'data' in error ? (error as { data?: FailureData | null }).data : undefined;

/** The tRPC code of a failed call (NOT_FOUND, BAD_REQUEST...); undefined when it has none (the server unreachable). */
export const failureCode = (error: unknown): string | undefined => failureData(error)?.code;

/** The domain's reason for a failed call (project_missing...); undefined when it gave none. */
export const failureReason = (error: unknown): DomainErrorData['reason'] | undefined => {
  const domain = failureData(error)?.domain;
  return isDomainErrorData(domain) ? domain.reason : undefined;
};

/** The message of a failed call, as a person should read it. */
export function errorText(error: unknown): string {
  const data = failureData(error);
  const serverMessage = data?.envelope?.error_message;
  if (isDomainErrorData(data?.domain)) return sentence(data.domain, serverMessage);
  if (data?.envelope?.error_code === UNEXPECTED_ERROR_CODE) return GENERIC;
  if (serverMessage) return serverMessage;
  return error instanceof Error && error.message ? error.message : GENERIC;
}
