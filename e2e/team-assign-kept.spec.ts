// An admin assigns from a filtered strip ("To do") that teammates labelled into after it opened:
// the strip keeps those images at their places, so its positions are not those of the list as
// it is now, and the images assigned must be the ones the admin sees at the positions chosen.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUserService } from '@/server/core/users/user.service';
import { openStore, type OpenedStore } from '@/server/runtime/open-store';
import { startBuiltServer, type BuiltServer } from '@/server/testing/built-server';
import { makeTempDir, writeImage } from '@/server/testing/image-fixtures';
import { testDatabaseUrlFor } from '@/server/testing/test-store';
import { editorPage, restApi } from './pages';

const IMAGES = 12;
// Odd, so that round-robin's turns in the list as it is now fall on other images than the strip's.
const LABELLED_ELSEWHERE = 3;
const file = (index: number) => `photo-${String(index).padStart(3, '0')}.png`;

let server: BuiltServer;
let store: OpenedStore;
let admin: APIRequestContext;
let adaPassword = '';
let folder: string;

test.beforeAll(async () => {
  folder = await makeTempDir('labelport-e2e-assign-kept-');
  await writeImage(path.join(folder, file(0)), { format: 'png', width: 320, height: 240, color: { r: 90, g: 140, b: 200 } });
  for (let index = 1; index < IMAGES; index += 1) fs.copyFileSync(path.join(folder, file(0)), path.join(folder, file(index)));
  server = await startBuiltServer({ label: 'e2e-assign', env: { LABELPORT_AUTH: 'required', LABELPORT_ROOTS: fs.realpathSync(os.tmpdir()) } });
  store = await openStore({ dataDir: server.dataDir, databaseUrl: await testDatabaseUrlFor(server.dataDir), asServer: false });
  const users = createUserService({ users: store.repos.users, now: Date.now });
  adaPassword = (await users.add('ada', 'admin')).password;
  await users.add('ann', 'annotator');
  const { token } = await users.issueToken('ada');
  admin = await playwrightRequest.newContext({ extraHTTPHeaders: { authorization: `Bearer ${token}` } });
});

test.afterAll(async () => {
  await admin?.dispose();
  await store?.close();
  await server?.stop();
});

const trpcGet = async <T>(procedure: string, input: object): Promise<T> => {
  const reply = await admin.get(`${server.url}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { result: { data: T } }).result.data;
};

/** Who each image file is assigned to, read back over tRPC. */
async function assigneesByFile(project: string): Promise<Record<string, string>> {
  const ids = { annotation_type: 'bndbox', project_name: project };
  const { items } = await trpcGet<{ items: Array<{ uuid: string; img_path: string }> }>('image.page', { ...ids, limit: 100 });
  const byUuid = await trpcGet<Record<string, string>>('teamwork.assignees', { ...ids, uuids: items.map((item) => item.uuid) });
  return Object.fromEntries(items.flatMap((item) => {
    const assignee = byUuid[item.uuid];
    return assignee ? [[item.img_path, assignee] as const] : [];
  }));
}

/** Ada opens the project's "To do"; then another client labels its first images. Answers the strip's rows, in order. */
async function todoLabelledMeanwhile(browser: Browser, project: string) {
  await restApi(admin, server.url, folder).createProject(project, 'bndbox', { folder, labels: ['car'] });
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/projects/bndbox/${project}`);
  await page.getByLabel('User name').fill('ada');
  await page.getByLabel('Password').fill(adaPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const editor = editorPage(page, server.url);
  await editor.waitImageShown();
  const strip = editor.imageStrip();
  // Labelled before the list was read, an image was never in it (CI once saw 11 rows of 12).
  await editor.showToDo();
  await expect(editor.position()).toHaveText(`1 / ${IMAGES}`);

  const base = server.url;
  await admin.get(`${base}/bndbox/projects/${project}`);
  const { uuid_list: uuids } = (await (await admin.get(`${base}/bndbox/projects/${project}/loadingstatus`)).json()) as { uuid_list: string[] };
  for (const uuid of uuids.slice(0, LABELLED_ELSEWHERE)) {
    const box = { x1: 10, y1: 10, x2: 60, y2: 60, label: 'car', id: `b-${uuid}`, lineWidth: 2, color: '#ff0000', distancetoImg: { x: 10, y: 10 } };
    const saved = await admin.put(`${base}/bndbox/projects/${project}/uuid/${uuid}/update`, {
      data: { uuid, bnd_box: [box], polygons: [], img_x: 0, img_y: 0, img_w: 320, img_h: 240 },
    });
    expect(await saved.json()).toEqual({ message: 1 });
  }
  // The strip still shows every image it opened with, those labelled since at their places.
  await expect(strip.locator('.strip-row')).toHaveCount(IMAGES);
  const rows = await strip.locator('.strip-row').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  expect(rows).toEqual(Array.from({ length: IMAGES }, (_, index) => file(index)));
  await page.getByRole('button', { name: 'Assign…' }).click();
  return { page, rows, dialog: page.getByRole('dialog', { name: 'Assign images' }) };
}

test('positions assigned from a "To do" strip labelled into meanwhile are the images it shows there', async ({ browser }) => {
  const { rows, dialog } = await todoLabelledMeanwhile(browser, 'todo-range');
  await dialog.getByLabel('From', { exact: true }).fill('5');
  await dialog.getByLabel('To', { exact: true }).fill('8');
  await dialog.getByLabel('Annotator', { exact: true }).fill('ann');
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('4 images assigned');
  expect(await assigneesByFile('todo-range')).toEqual(Object.fromEntries(rows.slice(4, 8).map((row) => [row, 'ann'])));
});

test('round-robin over such a strip deals its whole list out in the order it shows', async ({ browser }) => {
  const { rows, dialog } = await todoLabelledMeanwhile(browser, 'todo-dealt');
  await dialog.getByLabel('Round-robin').check();
  await dialog.getByLabel('Annotators (comma-separated)').fill('ann, ada');
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(`${IMAGES} images assigned`);
  expect(await assigneesByFile('todo-dealt')).toEqual(Object.fromEntries(rows.map((row, index) => [row, index % 2 === 0 ? 'ann' : 'ada'])));
});
