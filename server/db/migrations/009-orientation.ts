// Each image's EXIF orientation as its header says (1-8). Width and height are stored upright
// (orientation applied), so a reader that ignores EXIF sees a sideways image (5-8) at another
// size than the dataset says: the export check warns of those. NULL: not read since this
// column came, so the next scan reads the header again.
export const orientation = `
ALTER TABLE images ADD COLUMN orientation INTEGER CHECK (orientation BETWEEN 1 AND 8);
`;
