// A project stores one kind of shape: boxes (bndbox) or polygons (seg). Whatever a tool draws
// is stored as that kind, so the classifai clients of either project type read every shape.
import { boxToPolygon, polygonToBox } from '../shape-ops';
import type { EditorShape, ProjectType } from '../types';

export function asProjectShape(shape: EditorShape, projectType: ProjectType): EditorShape {
  if (projectType === 'bndbox' && shape.kind === 'polygon') return polygonToBox(shape);
  if (projectType === 'seg' && shape.kind === 'box') return boxToPolygon(shape);
  return shape;
}
