// A project's train/val/test split and the hashes that find duplicate images.
// images.split is a plain column of the same row, so the pages exports and the strip read
// carry each image's side without a join. content_hash (a 64-bit prefix of the file's
// SHA-256, as 16 hex digits) and perceptual_hash (a 64-bit dHash, 16 hex digits) are filled
// where thumbnails decode pixels; NULL until then, and again once the file changes.
// The split settings are the project's: the seed and percentages the last split used, and
// when it ran (NULL: never split).
export const splitsAndHashes = `
ALTER TABLE images ADD COLUMN split TEXT CHECK (split IN ('train', 'val', 'test'));
ALTER TABLE images ADD COLUMN content_hash TEXT;
ALTER TABLE images ADD COLUMN perceptual_hash TEXT;

ALTER TABLE projects ADD COLUMN split_seed INTEGER NOT NULL DEFAULT 1;
ALTER TABLE projects ADD COLUMN split_train INTEGER NOT NULL DEFAULT 80;
ALTER TABLE projects ADD COLUMN split_val INTEGER NOT NULL DEFAULT 20;
ALTER TABLE projects ADD COLUMN split_test INTEGER NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN split_at INTEGER;
`;
