// What imported datasets carry that Labelport does not edit, kept for the same format's next
// export (server/core/types.ts DatasetFields, as JSON). Per shape it lives inside the shapes
// JSON already; per image and per project (COCO info, licenses, the subset files) here.
// NULL: nothing imported.
export const datasetFields = `
ALTER TABLE images ADD COLUMN dataset TEXT;
ALTER TABLE projects ADD COLUMN dataset TEXT;
`;
