// Page objects: the REST calls a spec makes to set up and check a project, the editor and the
// home page as a user drives them, so specs read as user steps and get typed values back.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';

export type ShortType = 'bndbox' | 'seg';
export interface RestBox { x1: number; y1: number; x2: number; y2: number; label: string }
export interface RestPolygon { coorPt: unknown[]; label: string }
export interface Point { x: number; y: number }
export interface ImageSize { width: number; height: number }
export interface ImportedFile { path: string; content: string }
export interface ImportReply { message: number; matched_image_count?: number; unmatched_list?: string[]; error_list?: string[] }
export interface ClassRow { class_id: number; name: string; hotkey: string | null; coco_id: number | null; yolo_index: number | null }
export interface ProjectListing { project_name: string; total_uuid: number; is_starred: boolean; is_loaded: boolean }

/** The first image of the test image folder in path order, and its size. */
export const FIRST_IMAGE = { file: 'bitmap.bmp', width: 33, height: 17 } as const;

/** A label file outside the image folder, so it never counts among the folder's files. */
export function writeLabelFile(labels: readonly string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-e2e-labels-')), 'labels.txt');
  fs.writeFileSync(file, `${labels.join('\n')}\n`);
  return file;
}

interface ImageRecord { uuid: string; img_path: string; bnd_box?: RestBox[]; polygons?: RestPolygon[] }

export function restApi(request: APIRequestContext, base: string, imageFolder: string) {
  const getJson = async <T>(url: string): Promise<T> => (await request.get(`${base}${url}`)).json() as Promise<T>;

  /** A classifai client's read: V1 load, loadingstatus, each image's record, then close. */
  async function loadProject<T>(type: ShortType, name: string, read: (status: { uuid_list: string[]; label_list: string[] }) => Promise<T>): Promise<T> {
    await request.get(`${base}/${type}/projects/${name}`);
    const status = await getJson<{ uuid_list: string[]; label_list: string[] }>(`/${type}/projects/${name}/loadingstatus`);
    const result = await read(status);
    await request.put(`${base}/${type}/projects/${name}`, { data: { status: 'closed' } });
    return result;
  }

  async function recordsByFile(type: ShortType, name: string): Promise<Map<string, ImageRecord>> {
    return loadProject(type, name, async (status) => {
      const records = new Map<string, ImageRecord>();
      for (const uuid of status.uuid_list) {
        const record = await getJson<ImageRecord>(`/${type}/projects/${name}/uuid/${uuid}/thumbnail`);
        records.set(path.basename(record.img_path), record);
      }
      return records;
    });
  }

  return {
    /** Creates a project (from the test image folder unless told) and waits for its scan to finish. */
    async createProject(name: string, type: ShortType, options: { labels?: readonly string[]; folder?: string } = {}) {
      const created = await request.put(`${base}/v2/projects`, {
        data: {
          status: 'raw',
          project_name: name,
          annotation_type: type === 'bndbox' ? 'boundingbox' : 'segmentation',
          project_path: options.folder ?? imageFolder,
          label_file_path: options.labels ? writeLabelFile(options.labels) : '',
        },
      });
      expect(await created.json()).toEqual({ message: 1 });
      await expect.poll(async () => (await getJson<{ file_system_status: number }>(`/v2/${type}/projects/${name}`)).file_system_status).toBe(3);
    },

    /**
     * A bndbox project (labels: car) of plain PNGs of one size in a folder of its own: deleting or
     * renaming one touches no other test's project. Returns the folder.
     */
    async createPlainProject(name: string, files: readonly string[], size: ImageSize): Promise<string> {
      const folder = await makeTempDir(`labelport-e2e-${name}-`);
      for (const file of files) await writeImage(path.join(folder, file), { format: 'png', ...size, color: { r: 120, g: 60, b: 30 } });
      await this.createProject(name, 'bndbox', { folder, labels: ['car'] });
      return folder;
    },

    /** The uuid of an image of a project (bndbox unless told), by file name. */
    async uuidOf(name: string, file: string, type: ShortType = 'bndbox'): Promise<string> {
      const uuid = (await recordsByFile(type, name)).get(file)?.uuid;
      if (!uuid) throw new Error(`${name} has no image ${file}`);
      return uuid;
    },

    /** The boxes of one image, as a classifai client reads them. */
    async boxesOf(name: string, file: string): Promise<RestBox[]> {
      return (await recordsByFile('bndbox', name)).get(file)?.bnd_box ?? [];
    },

    /** One box of one image; fails the test when the image has no such box. */
    async boxOf(name: string, file: string, index: number): Promise<RestBox> {
      const box = (await this.boxesOf(name, file))[index];
      if (!box) throw new Error(`${file} of ${name} has no box ${index + 1}`);
      return box;
    },

    /** Saves one image's boxes (with the ids given) as a classifai client does, in image pixels. */
    async saveBoxes(name: string, file: string, size: ImageSize, boxes: ReadonlyArray<RestBox & { id: string }>) {
      const uuid = await loadProject('bndbox', name, async (status) => {
        for (const candidate of status.uuid_list) {
          const record = await getJson<ImageRecord>(`/bndbox/projects/${name}/uuid/${candidate}/thumbnail`);
          if (path.basename(record.img_path) === file) return candidate;
        }
        throw new Error(`${name} has no image ${file}`);
      });
      const bnd_box = boxes.map((box) => ({ ...box, lineWidth: 2, color: null, distancetoImg: { x: box.x1, y: box.y1 } }));
      const saved = await request.put(`${base}/bndbox/projects/${name}/uuid/${uuid}/update`, {
        data: { uuid, bnd_box, img_x: 0, img_y: 0, img_w: size.width, img_h: size.height },
      });
      expect(await saved.json()).toEqual({ message: 1 });
    },

    /** The project's one box; fails the test when there is none or more than one. */
    async onlyBox(name: string): Promise<RestBox> {
      const boxes = await this.boxes(name);
      expect(boxes).toHaveLength(1);
      const [box] = boxes;
      if (!box) throw new Error(`${name} has no box`);
      return box;
    },

    /** The boxes of every image together, in image order. */
    async boxes(name: string): Promise<RestBox[]> {
      return [...(await recordsByFile('bndbox', name)).values()].flatMap((record) => record.bnd_box ?? []);
    },

    /** The polygons of one image, as a classifai client reads them. */
    async polygonsOf(name: string, file: string): Promise<RestPolygon[]> {
      return (await recordsByFile('seg', name)).get(file)?.polygons ?? [];
    },

    /** The polygons of every image together, in image order. */
    async polygons(name: string): Promise<RestPolygon[]> {
      return [...(await recordsByFile('seg', name)).values()].flatMap((record) => record.polygons ?? []);
    },

    /** The label list classifai clients read. */
    async labels(name: string, type: ShortType = 'bndbox'): Promise<string[]> {
      return loadProject(type, name, async (status) => status.label_list);
    },

    /** Imports training-format annotation files into a bndbox project. */
    async importFiles(name: string, format: 'coco' | 'labelme' | 'yolo' | 'voc', files: readonly ImportedFile[]): Promise<ImportReply> {
      return (await request.put(`${base}/v2/bndbox/projects/${name}/import/${format}`, { data: { files } })).json() as Promise<ImportReply>;
    },

    /** The class table over the REST addition, in panel order. */
    async classes(name: string): Promise<ClassRow[]> {
      return (await getJson<{ classes: ClassRow[] }>(`/v2/bndbox/projects/${name}/classes`)).classes;
    },

    /** The projects of a type, as the classifai project list shows them. */
    async projects(type: ShortType = 'bndbox'): Promise<ProjectListing[]> {
      return (await getJson<{ content: ProjectListing[] }>(`/${type}/projects/meta`)).content;
    },
  };
}

export type RestApi = ReturnType<typeof restApi>;

/** Puts this machine's editor settings (keys, workflow switches) back to the defaults. */
export async function resetEditorSettings(request: APIRequestContext, base: string) {
  const defaults = { keymap: { preset: 'labelport', overrides: {} }, workflow: { keepPrevious: false, autoAdvance: false } };
  const reply = await request.post(`${base}/api/trpc/settings.save`, { data: defaults });
  expect(reply.ok()).toBe(true);
}

/** Screen pixels of the canvas within a few steps of the colour: the stroke of a shape drawn in it. */
async function countPixels(shot: Buffer, rgb: readonly number[]): Promise<number> {
  const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (rgb.every((value, c) => Math.abs((data[i + c] ?? 0) - value) <= 12)) count++;
  }
  return count;
}

export function editorPage(page: Page, base: string) {
  const canvas = () => page.getByTestId('editor-canvas');
  const area = async () => {
    const box = await canvas().boundingBox();
    if (!box) throw new Error('no canvas on the page');
    return box;
  };
  const labelPanel = () => page.getByRole('region', { name: 'Labels' });
  return {
    canvas,
    position: () => page.getByLabel('Position'),
    labelPanel,
    /** The panel's rows as shown, key and name: "1 car". */
    labelNames: () => labelPanel().locator('.label-name'),
    activeLabel: () => labelPanel().locator('.label-row.active'),
    imageStrip: () => page.getByRole('complementary', { name: 'Images' }),
    /**
     * The strip's "To do", once its list was read: it opens after this tab's saves are flushed,
     * so an image labelled elsewhere before its first page and its uuids were read is not in it.
     */
    async showToDo() {
      const readOfToDo = (procedure: string) =>
        page.waitForResponse((response) => response.url().includes(procedure) && decodeURIComponent(response.url()).includes('"unlabeled"'));
      const read = Promise.all([readOfToDo('image.page'), readOfToDo('image.uuidsInList')]);
      await this.imageStrip().getByRole('tab', { name: /To do/ }).click();
      await read;
    },
    statistics: () => page.getByRole('region', { name: 'Statistics' }),
    toolButton: (tool: 'Box' | 'Polygon' | 'Select') => page.getByRole('button', { name: new RegExp(`^${tool}`) }),

    async open(type: ShortType, name: string, expectedPosition?: string) {
      await page.goto(`${base}/projects/${type}/${encodeURIComponent(name)}`);
      if (expectedPosition) await expect(this.position()).toHaveText(expectedPosition);
      await this.waitImageShown();
    },
    /** The editor holds an image's shapes: input from here on edits that image. */
    async waitImageShown() {
      await expect(canvas()).not.toHaveAttribute('data-image-id', '');
    },
    /** Goes to the next image with the key and waits until the editor holds it. */
    async nextImage() {
      const previous = (await canvas().getAttribute('data-image-id')) ?? '';
      await page.keyboard.press('d');
      await expect(canvas()).not.toHaveAttribute('data-image-id', previous);
      await this.waitImageShown();
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
    async toScreen(image: ImageSize, point: Point): Promise<Point> {
      const box = await area();
      const scale = Math.min((box.width - 48) / image.width, (box.height - 48) / image.height);
      return { x: box.x + (box.width - image.width * scale) / 2 + point.x * scale, y: box.y + (box.height - image.height * scale) / 2 + point.y * scale };
    },
    /** The image pixel under a screen point, the image fitted as right after opening. */
    async toImage(image: ImageSize, screen: Point): Promise<Point> {
      const box = await area();
      const scale = Math.min((box.width - 48) / image.width, (box.height - 48) / image.height);
      return { x: (screen.x - box.x - (box.width - image.width * scale) / 2) / scale, y: (screen.y - box.y - (box.height - image.height * scale) / 2) / scale };
    },
    /** A drag between two image pixels of the image shown (fitted, as right after opening). */
    async drawBox(from: Point, to: Point, image: ImageSize = FIRST_IMAGE) {
      await this.drag(await this.toScreen(image, from), await this.toScreen(image, to));
    },
    /** Clicks each corner, then the first again to close the polygon. */
    async drawPolygon(corners: readonly Point[]) {
      for (const corner of corners) await page.mouse.click(corner.x, corner.y);
      const [first] = corners;
      if (first) await page.mouse.click(first.x, first.y);
    },
    /** The number key of the n-th label (1-9). */
    async pressLabel(n: number) {
      await page.keyboard.press(String(n));
    },
    async addLabel(name: string) {
      await page.getByLabel('New label').fill(name);
      await labelPanel().getByRole('button', { name: 'Add', exact: true }).click();
    },
    /** The Classes dialog, opened from the label panel. */
    async openClasses() {
      await labelPanel().getByRole('button', { name: 'Classes…' }).click();
      await expect(this.classesDialog()).toBeVisible();
      return this.classesDialog();
    },
    classesDialog: () => page.getByRole('dialog', { name: 'Classes' }),
    async exportAs(format: string) {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: format }).click();
    },
    async canvasPixelsOfColor(rgb: readonly number[]): Promise<number> {
      return countPixels(await canvas().screenshot(), rgb);
    },
    saveIndicator: () => page.getByRole('status').filter({ hasText: /saved|Saving|Unsaved|failed/ }),
    async waitSaved() {
      await expect(this.saveIndicator()).toHaveText('All changes saved');
    },
  };
}

export type EditorPage = ReturnType<typeof editorPage>;

/**
 * The pages' scripts arrive late, as on a busy machine: the server's HTML is on screen (and can
 * be clicked and typed into) a while before React has attached its handlers.
 */
export async function slowScripts(page: Page, ms = 1000) {
  await page.route('**/_next/static/chunks/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

export function homePage(page: Page, base: string) {
  const dialog = () => page.getByRole('dialog', { name: 'New project' });
  return {
    dialog,
    emptyState: () => page.getByRole('heading', { name: 'No projects yet' }),
    card: (name: string) => page.getByRole('article', { name: `Project ${name}` }),
    cards: () => page.getByRole('article'),
    async open() {
      await page.goto(base);
    },
    /** Opens the new-project dialog from whichever button the page offers. */
    async startNewProject() {
      await page.getByRole('button', { name: /New project|Create your first project/ }).first().click();
      return dialog();
    },
    /** Fills the dialog with a typed name and folder and asks to create. */
    async createProject(name: string, folder: string) {
      const form = await this.startNewProject();
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Image folder').fill(folder);
      await form.getByRole('button', { name: 'Create project' }).click();
      return form;
    },
  };
}

/**
 * The workspace in this page gets no image's shapes but those of the image `shown` for delayMs
 * (prefetches included, from the first on): input drawn on any other image waits in the page
 * for them. Other pages (the project list) get them at once. The returned switch ends the
 * wait for requests made after it.
 */
export async function withholdShapesBut(page: Page, shown: string, delayMs = 10_000): Promise<() => void> {
  let withholding = true;
  await page.route(/annotation\.forEditor/, async (route) => {
    const fromEditor = route.request().headers().referer?.includes('/projects/') ?? false;
    if (withholding && fromEditor && !route.request().url().includes(shown)) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue().catch(() => undefined);
  });
  return () => {
    withholding = false;
  };
}

/** A state the workspace's IndexedDB journal holds for delivery. */
export interface JournalRow {
  imageId: string;
  shapes: unknown[];
  editedAt: number;
  baseVersion?: number;
  clientId?: string;
}

/** Every entry of the workspace's IndexedDB journal (run in the page). */
export function journalEntries(): Promise<JournalRow[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('labelport');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      try {
        const read = open.result.transaction('unsaved-edits').objectStore('unsaved-edits').getAll();
        read.onsuccess = () => resolve(read.result as JournalRow[]);
        read.onerror = () => reject(read.error);
      } catch (error) {
        reject(error as Error);
      }
    };
  });
}
