// classifai keeps a project's "loaded" and "open" flags in memory; they move to the store so
// that several processes of a team server agree (issue #21). SQLite's only process clears them
// at start, so a restart still closes every project as classifai's does.
export const projectSession = `
ALTER TABLE projects ADD COLUMN is_loaded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE projects ADD COLUMN is_open INTEGER NOT NULL DEFAULT 0;
`;
