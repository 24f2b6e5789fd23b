// Rules for names that arrive from requests. A project name ends up in URLs (the classifai
// client puts it there unescaped) and in file names (exports), so it is kept plain.
import { invalidInput } from './errors';

// Literal route segments: a project of this name could never be reached (routes match
// before {project_name}, case-insensitively).
const RESERVED_PROJECT_NAMES = new Set(['meta', 'importstatus', 'exportstatus']);
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export function checkProjectName(name: string): string {
  const refuse = (message: string) => invalidInput(message, { reason: 'project_name_invalid', subject: name });
  if (name.trim().length === 0) throw refuse('Project name must not be empty');
  // "." and ".." are folder references once a name becomes a path (exports are written as
  // <folder>/<name>.json), and a dot-only URL segment is dropped by URL normalisation.
  if (/^\.+$/.test(name.trim())) throw refuse('Project name must not be only dots');
  if (name.length > 255) throw refuse('Project name must be at most 255 characters');
  if (/[/\\]/.test(name)) throw refuse('Project name must not contain / or \\');
  if (name.includes('..')) throw refuse('Project name must not contain ..');
  if (CONTROL_CHARACTERS.test(name)) throw refuse('Project name must not contain control characters');
  if (/%[0-9a-fA-F]{2}/.test(name)) throw refuse('Project name must not contain % followed by two hex digits');
  // The client would send "cats#1" as a path ending in "cats": deleting it deletes "cats".
  if (/[#?]/.test(name)) throw refuse('Project name must not contain # or ?: they end the path of a URL');
  if (RESERVED_PROJECT_NAMES.has(name.toLowerCase())) throw refuse(`"${name}" is reserved by the REST interface`);
  return name;
}

/** A plain file name: no folders, no traversal, no control characters. */
export function checkFileName(name: string, what = 'File name'): string {
  if (name.trim().length === 0) throw invalidInput(`${what} must not be empty`);
  if (name.length > 255) throw invalidInput(`${what} must be at most 255 characters`);
  if (/[/\\]/.test(name)) throw invalidInput(`${what} must not contain / or \\`);
  if (name === '.' || name === '..' || name.includes('..')) throw invalidInput(`${what} must not contain ..`);
  if (CONTROL_CHARACTERS.test(name)) throw invalidInput(`${what} must not contain control characters`);
  return name;
}

/** Label file: one label per line, trimmed; blank lines and repeats dropped, order kept. */
export function parseLabelLines(text: string): string[] {
  const labels: string[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n|\r/)) {
    const label = line.trim();
    if (label && !seen.has(label)) {
      seen.add(label);
      labels.push(label);
    }
  }
  return labels;
}
