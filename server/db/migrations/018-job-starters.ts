// Who started each job: the export status is one for the whole server (classifai's), and the
// workspace shows the file an export wrote only to the user who asked for it. Older rows were
// started by nobody known ('').
export const jobStarters = `
ALTER TABLE jobs ADD COLUMN started_by TEXT NOT NULL DEFAULT '';
`;
