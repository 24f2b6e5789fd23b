export function escapeBarePercents(text: string): string;
export function normaliseRequestTarget(target: string): string | null;
export const MALFORMED_PATH_BODY: string;
