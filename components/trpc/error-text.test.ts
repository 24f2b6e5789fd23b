import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

const failure = (data: unknown) => Object.assign(new Error('raw message'), { data });

describe('the sentence for a failed call', () => {
  it('words a known reason in its own terms, not the server message', () => {
    const error = failure({ envelope: { error_code: 2, error_message: 'Project name exist: cats' }, domain: { reason: 'project_name_taken', subject: 'cats' } });
    expect(errorText(error)).toBe('A project named cats already exists');
  });

  it('falls back to the server message when the reason is unknown or malformed', () => {
    for (const domain of [{ reason: 'no_such_reason', subject: 'x' }, { reason: 'project_missing' }, { reason: 'project_missing', subject: 3 }, 'project_missing', null]) {
      expect(errorText(failure({ envelope: { error_code: 2, error_message: 'Project not found' }, domain }))).toBe('Project not found');
    }
  });

  it('hides an unexpected failure behind a generic sentence', () => {
    expect(errorText(failure({ envelope: { error_code: 4, error_message: 'TypeError: x is undefined' } }))).toBe('Something went wrong. The server logged the details.');
  });
});
