// The reasons a failed tRPC call can carry in `data.domain` (error.schema.ts): part of the
// wire, in a module without zod, so the workspace can check them without loading it.
export { DOMAIN_ERROR_REASONS } from '@/server/core/errors';
