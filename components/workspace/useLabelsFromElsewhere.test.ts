import { describe, expect, it } from 'vitest';
import { labelsRereadInterval } from './useLabelsFromElsewhere';

// As the server refuses label.classes (tRPC's error data: its code and the domain's reason).
const refused = (data: unknown) => Object.assign(new Error('refused'), { data });

describe('the labels read again from elsewhere', () => {
  it('stop being asked for once the project is gone, and not for any other failure', () => {
    expect(labelsRereadInterval(null)).toBe(5_000);
    expect(labelsRereadInterval(refused({ code: 'NOT_FOUND', domain: { reason: 'project_missing', subject: 'nope' } }))).toBe(false);
    // The server unreachable (restarting) or refusing for a moment: the next read may answer.
    expect(labelsRereadInterval(new TypeError('Failed to fetch'))).toBe(5_000);
    expect(labelsRereadInterval(refused({ code: 'INTERNAL_SERVER_ERROR' }))).toBe(5_000);
  });
});
