// A team user's own settings (keymap, workflow) as JSON: in the store, not in a process's
// DATA_DIR, so every process behind the load balancer answers her the same keys.
export const userSettings = `
ALTER TABLE users ADD COLUMN settings TEXT;
`;
