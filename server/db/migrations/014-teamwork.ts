// Team server II: who has which image open (presence, pinged by each workspace tab), and which
// annotator an image is assigned to.
export const teamwork = `
CREATE TABLE presence (
  project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  uuid TEXT NOT NULL,
  actor TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (project_id, client_id)
);
CREATE INDEX presence_by_image ON presence (project_id, uuid, seen_at);
CREATE TABLE assignments (
  project_id TEXT NOT NULL,
  uuid TEXT NOT NULL,
  assignee TEXT NOT NULL,
  assigned_at INTEGER NOT NULL,
  assigned_by TEXT NOT NULL,
  PRIMARY KEY (project_id, uuid),
  FOREIGN KEY (project_id, uuid) REFERENCES images (project_id, uuid) ON DELETE CASCADE
);
CREATE INDEX assignments_by_assignee ON assignments (project_id, assignee);
`;
