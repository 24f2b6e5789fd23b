/** Resolves after a turn of the event loop: long work lets requests in between its steps. */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
