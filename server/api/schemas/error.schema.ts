import { z } from 'zod';
import { DOMAIN_ERROR_REASONS } from './error-reasons';

/**
 * `data.domain` of a failed tRPC call: the stable reason the workspace words its own
 * sentence from (the message keeps classifai's text). Null when the failure has no reason.
 */
export const domainErrorData = z.object({
  reason: z.enum(DOMAIN_ERROR_REASONS),
  subject: z.string(),
});
export type DomainErrorData = z.infer<typeof domainErrorData>;
