import { initialSchema } from './001-initial';
import { countIndex } from './002-count-index';
import { naturalSortKey } from './003-natural-sort-key';
import { editVersion } from './004-edit-version';

/** Applied in order; PRAGMA user_version holds how many have run. */
export const migrations: readonly string[] = [initialSchema, countIndex, naturalSortKey, editVersion];
