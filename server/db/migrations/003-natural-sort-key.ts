// The workspace's image strip sorts naturally and case-insensitively; computing that order
// per page would read every row at 100,000 images, so the key is stored and indexed.
// natural_sort_key is registered on the connection before migrating (database.ts).
export const naturalSortKey = `
ALTER TABLE images ADD COLUMN sort_key TEXT NOT NULL DEFAULT '';
UPDATE images SET sort_key = natural_sort_key(rel_path);
CREATE INDEX images_by_natural_path ON images (project_id, present, sort_key, rel_path);
`;
