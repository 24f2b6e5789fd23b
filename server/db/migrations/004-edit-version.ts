// When the stored shapes of an image were edited (the editor's clock for its saves, the
// server's for the rest): a save of an older state, a late request or a replay from a closed
// tab's journal, must never overwrite a newer one.
export const editVersion = `
ALTER TABLE images ADD COLUMN edited_at INTEGER NOT NULL DEFAULT 0;
`;
