// Presence on SQLite is kept in the server's memory since the table cost an fsync per image
// switch (teamwork.repository.ts, createMemoryPresence); the table it had is dropped so that
// nobody reads it for the truth. PostgreSQL keeps its own (an unlogged table).
export const presenceInMemory = `
DROP TABLE presence;
`;
