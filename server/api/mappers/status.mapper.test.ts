import { describe, expect, it } from 'vitest';
import { loadingStatusOutput } from '../schemas/project.schema';
import { toLoadingStatus } from './status.mapper';

describe('V1 loading status', () => {
  it('a project not loaded in this run answers the failure envelope, error_code included', () => {
    const reply = loadingStatusOutput.parse(toLoadingStatus({ state: 'not_loaded', labels: [], uuids: [] }, 'pets'));
    expect(reply).toEqual({ message: 0, progress: null, error_code: 1, error_message: 'Loading failed. LoaderStatus error for project pets', label_list: null, uuid_list: null });
  });

  it('a loaded project answers 2 with its labels and uuids', () => {
    expect(toLoadingStatus({ state: 'loaded', labels: ['cat'], uuids: ['u1'] }, 'pets')).toEqual({ message: 2, progress: null, label_list: ['cat'], uuid_list: ['u1'] });
  });
});
