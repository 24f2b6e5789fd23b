// Rules about a project's image files that the workspace shows as well as the server applies:
// plain constants, no Node imports, so client components can read the same values.

/** Where a deleted image's file goes, inside the project folder (classifai's name for it). */
export const DELETED_FOLDER_NAME = '.classifai_deleted_data';

/** classifai's characters a new image name may not contain (RenameProjectData), the space first. */
export const ILLEGAL_RENAME_CHARACTERS = [' ', '`', '&', ':', ';', "'", '?', '$', '~', '#', '@', '=', '*', '+', '%', '{', '}', '<', '>', '/', '[', ']', '|', '"', '^', '\\'] as const;

export const hasIllegalRenameCharacter = (name: string): boolean => ILLEGAL_RENAME_CHARACTERS.some((character) => name.includes(character));
