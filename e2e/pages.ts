// Page objects: the REST calls a spec makes to set up and check a project, and the editor as a
// user drives it, so specs read as user steps.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type ShortType = 'bndbox' | 'seg';
export interface RestBox { x1: number; y1: number; x2: number; y2: number; label: string }
export interface RestPolygon { coorPt: unknown[]; label: string }
export interface Point { x: number; y: number }

export function restApi(request: APIRequestContext, base: string) {
  return {
    /** Creates a project from a folder and waits for its scan to finish. */
    async createProject(name: string, type: ShortType, folder: string, labelFile = '') {
      const created = await request.put(`${base}/v2/projects`, {
        data: { status: 'raw', project_name: name, annotation_type: type === 'bndbox' ? 'boundingbox' : 'segmentation', project_path: folder, label_file_path: labelFile },
      });
      expect(await created.json()).toEqual({ message: 1 });
      await expect.poll(async () => (await (await request.get(`${base}/v2/${type}/projects/${name}`)).json()).file_system_status).toBe(3);
    },

    /** Every image's shapes by file name, as a classifai client reads them. */
    async shapesByFile(type: ShortType, name: string): Promise<Record<string, Array<RestBox | RestPolygon>>> {
      await request.get(`${base}/${type}/projects/${name}`);
      const status = await (await request.get(`${base}/${type}/projects/${name}/loadingstatus`)).json();
      const result: Record<string, Array<RestBox | RestPolygon>> = {};
      for (const uuid of status.uuid_list as string[]) {
        const record = await (await request.get(`${base}/${type}/projects/${name}/uuid/${uuid}/thumbnail`)).json();
        result[record.img_path.split('/').pop()] = type === 'bndbox' ? record.bnd_box : record.polygons;
      }
      await request.put(`${base}/${type}/projects/${name}`, { data: { status: 'closed' } });
      return result;
    },

    /** The boxes of every image together, in image order. */
    async boxes(name: string): Promise<RestBox[]> {
      return Object.values(await this.shapesByFile('bndbox', name)).flat() as RestBox[];
    },
  };
}

export function editorPage(page: Page, base: string) {
  const canvas = () => page.getByTestId('editor-canvas');
  const area = async () => {
    const box = await canvas().boundingBox();
    if (!box) throw new Error('no canvas on the page');
    return box;
  };
  return {
    canvas,
    async open(type: ShortType, name: string, expectedPosition?: string) {
      await page.goto(`${base}/projects/${type}/${encodeURIComponent(name)}`);
      if (expectedPosition) await expect(page.getByLabel('Position')).toHaveText(expectedPosition);
      await this.waitImageShown();
    },
    /** The editor holds an image's shapes: input from here on edits that image. */
    async waitImageShown() {
      await expect(canvas()).not.toHaveAttribute('data-image-id', '');
    },
    /** The canvas centre in screen pixels, the place the specs draw around. */
    async centre(): Promise<Point> {
      const box = await area();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    async drag(from: Point, to: Point) {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
      await page.mouse.move(to.x, to.y, { steps: 4 });
      await page.mouse.up();
    },
    /** Where an image pixel is on screen right after opening: the editor fits with 24 px padding. */
    async toScreen(image: { width: number; height: number }, point: Point): Promise<Point> {
      const box = await area();
      const scale = Math.min((box.width - 48) / image.width, (box.height - 48) / image.height);
      return { x: box.x + (box.width - image.width * scale) / 2 + point.x * scale, y: box.y + (box.height - image.height * scale) / 2 + point.y * scale };
    },
    saveIndicator: () => page.getByRole('status').filter({ hasText: /saved|Saving|Unsaved|failed/ }),
    async waitSaved() {
      await expect(this.saveIndicator()).toHaveText('All changes saved');
    },
  };
}
