import { initialSchema } from './001-initial';
import { countIndex } from './002-count-index';
import { naturalSortKey } from './003-natural-sort-key';
import { editVersion } from './004-edit-version';
import { imageLabels } from './005-image-labels';
import { classTable } from './006-class-table';
import { datasetFields } from './007-dataset-fields';
import { splitsAndHashes } from './008-splits-and-hashes';
import { orientation } from './009-orientation';
import { jobOwners } from './010-job-owners';
import { projectSession } from './011-project-session';
import { users } from './012-users';
import { annotationVersions } from './013-annotation-versions';
import { teamwork } from './014-teamwork';
import { presenceInMemory } from './015-presence-in-memory';
import { userSettings } from './016-user-settings';
import { labelRenames } from './017-label-renames';
import { jobStarters } from './018-job-starters';

/** Applied in order; PRAGMA user_version holds how many have run. */
export const migrations: readonly string[] = [initialSchema, countIndex, naturalSortKey, editVersion, imageLabels, classTable, datasetFields, splitsAndHashes, orientation, jobOwners, projectSession, users, annotationVersions, teamwork, presenceInMemory, userSettings, labelRenames, jobStarters];
