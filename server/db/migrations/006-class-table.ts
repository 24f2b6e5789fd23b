// The label list becomes a class table. class_id is the label's stable number: exports use
// it for their class order, so a model trained on one export keeps its class numbers after
// labels are added, removed or reordered. It is assigned from a per-project counter that
// only grows, so a removed label's number is never handed to another label. Existing labels
// are numbered in their panel order from 0, which is the order their exports had so far.
// hotkey, coco_id and yolo_index are optional and unique per project (NULLs do not clash).
export const classTable = `
ALTER TABLE labels ADD COLUMN class_id INTEGER NOT NULL DEFAULT 0;
ALTER TABLE labels ADD COLUMN hotkey TEXT;
ALTER TABLE labels ADD COLUMN coco_id INTEGER;
ALTER TABLE labels ADD COLUMN yolo_index INTEGER CHECK (yolo_index >= 0);

UPDATE labels SET class_id = (
  SELECT count(*) FROM labels AS earlier WHERE earlier.project_id = labels.project_id AND earlier.position < labels.position
);

CREATE UNIQUE INDEX labels_by_class_id ON labels (project_id, class_id);
CREATE UNIQUE INDEX labels_by_hotkey ON labels (project_id, hotkey);
CREATE UNIQUE INDEX labels_by_coco_id ON labels (project_id, coco_id);
CREATE UNIQUE INDEX labels_by_yolo_index ON labels (project_id, yolo_index);

ALTER TABLE projects ADD COLUMN next_class_id INTEGER NOT NULL DEFAULT 0;
UPDATE projects SET next_class_id = (SELECT count(*) FROM labels WHERE labels.project_id = projects.id);
`;
