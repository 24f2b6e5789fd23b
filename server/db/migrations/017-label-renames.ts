// Every label rename and merge, so a save that still sends the old name (a client that read the
// labels before the change) is stored under the name it became (annotation.service.ts).
export const labelRenames = `
CREATE TABLE label_renames (
  id INTEGER PRIMARY KEY,
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  from_name TEXT NOT NULL,
  to_name TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX label_renames_by_project ON label_renames (project_id, id);
`;
