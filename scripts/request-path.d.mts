export function escapeBarePercents(text: string): string;
export function normaliseRequestTarget(target: string): string | null;
export const MALFORMED_PATH_BODY: string;
export const REST_ENTRY_PATH: string;
export const REST_TARGET_HEADER: string;
export const REST_FIRST_SEGMENTS: readonly string[];
export function isRestTarget(target: string): boolean;
