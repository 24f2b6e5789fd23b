// Edits a page could not deliver before it went (its keepalive save lost, or input still
// waiting for its image) reach the server from the next page of Labelport that opens, the
// project list included: not only when their project is opened again.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { editorPage, FIRST_IMAGE, journalEntries, withholdShapesBut, type JournalRow } from './pages';

test('a box drawn while its image was on its way reaches the server when the user goes to the project list at once', async ({ page, world, api, editor }) => {
  await api.createProject('held-home', 'bndbox', { labels: ['car'] });
  const stopWithholding = await withholdShapesBut(page, await api.uuidOf('held-home', FIRST_IMAGE.file));
  await editor.open('bndbox', 'held-home', '1 / 8');
  page.on('dialog', (dialog) => void dialog.accept());
  const c = await editor.centre();
  for (const key of ['d', 'd', 'd']) await page.keyboard.press(key);
  await expect(editor.position()).toHaveText('4 / 8');
  const from = { x: c.x - 60, y: c.y - 40 };
  await editor.drag(from, { x: c.x + 40, y: c.y + 40 });
  const corner = await editor.toImage({ width: 320, height: 240 }, from);
  await page.goto(`${world.server.url}/`);
  await expect(page.getByRole('heading', { name: 'Labelport' })).toBeVisible();

  await expect.poll(async () => (await api.boxesOf('held-home', 'dog.png')).length).toBe(1);
  expect(await api.boxOf('held-home', 'dog.png', 0)).toMatchObject({ label: 'car', x1: expect.closeTo(corner.x, 0), y1: expect.closeTo(corner.y, 0) });
  // Delivered once: the project opened afterwards does not add it again.
  stopWithholding();
  await editor.open('bndbox', 'held-home'); // where the user left it, if that was remembered
  await editor.waitSaved();
  expect(await api.boxes('held-home')).toHaveLength(1);
});

/**
 * A tab where nothing it saves arrives (as when the browser is killed with it): every save
 * fails in the page, the ones sent as it hides and closes included. Two boxes are drawn on the
 * first image; the tab closes once `beforeClose` is done.
 */
async function twoBoxesLost(context: BrowserContext, url: string, project: string, options: { stashFull?: boolean; beforeClose?: (page: Page) => Promise<void> } = {}) {
  const page = await context.newPage();
  await page.addInitScript((stashFull) => {
    const send = window.fetch.bind(window);
    window.fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('saveFromEditor') ? Promise.reject(new TypeError('unreachable')) : send(input, init);
    // localStorage refusing the journal's copies, as it does when they outgrow its quota.
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (stashFull && key.startsWith('labelport-journal')) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    };
  }, options.stashFull ?? false);
  const editor = editorPage(page, url);
  await editor.open('bndbox', project, '1 / 8');
  const c = await editor.centre();
  await editor.drag({ x: c.x - 200, y: c.y - 40 }, { x: c.x - 100, y: c.y + 40 });
  await editor.drag({ x: c.x + 60, y: c.y - 40 }, { x: c.x + 160, y: c.y + 40 });
  await options.beforeClose?.(page);
  await page.close({ runBeforeUnload: false });
}

test('boxes whose saves never reached the server when the tab closed are stored once the project list opens', async ({ context, world, api }) => {
  await api.createProject('lost-saves', 'bndbox', { labels: ['car'] });
  await twoBoxesLost(context, world.server.url, 'lost-saves');
  expect(await api.boxes('lost-saves')).toHaveLength(0);

  const home = await context.newPage();
  // The cards' first read is answered before the boxes are stored and arrives after them (as
  // it does when the list is slow): the card must still count them.
  let listRead = () => undefined as void;
  const listReadFirst = new Promise<void>((resolve) => (listRead = resolve));
  let answerList = () => undefined as void;
  const listReleased = new Promise<void>((resolve) => (answerList = resolve));
  await home.route(/saveFromEditor/, async (route) => {
    await listReadFirst;
    await route.continue();
  });
  await home.route(/project\.overviews/, async (route) => {
    const answer = await route.fetch();
    listRead();
    await listReleased;
    await route.fulfill({ response: answer }).catch(() => undefined);
  }, { times: 1 });
  await home.goto(`${world.server.url}/`);
  await expect(home.getByRole('heading', { name: 'Labelport' })).toBeVisible();
  await expect.poll(async () => (await api.boxes('lost-saves')).length).toBe(2);
  answerList();
  await expect(home.getByRole('article', { name: 'Project lost-saves' })).toContainText('1 labeled');
});

test('boxes of a tab that closes while the project list is open are stored and counted on the list', async ({ context, world, api }) => {
  await api.createProject('closed-later', 'bndbox', { labels: ['car'] });
  const home = await context.newPage();
  // The list opens while the tab still has the project open: its boxes are not leftovers yet.
  const openListBeside = async () => {
    await home.goto(`${world.server.url}/`);
    await expect(home.getByRole('article', { name: 'Project closed-later' })).toContainText('0 labeled');
  };
  await twoBoxesLost(context, world.server.url, 'closed-later', { beforeClose: openListBeside });

  await expect.poll(async () => (await api.boxes('closed-later')).length).toBe(2);
  await expect(home.getByRole('article', { name: 'Project closed-later' })).toContainText('1 labeled');
});

test("boxes the closing tab's own last save stored after the list read its cards are counted on the list", async ({ context, world, api }) => {
  await api.createProject('saved-late', 'bndbox', { labels: ['car'] });
  let lastState: JournalRow | undefined;
  await twoBoxesLost(context, world.server.url, 'saved-late', {
    beforeClose: async (page) => {
      await expect.poll(async () => (lastState = (await page.evaluate(journalEntries)).find((entry) => entry.shapes.length === 2))).toBeTruthy();
    },
  });
  expect(await api.boxes('saved-late')).toHaveLength(0);

  // The tab's keepalive save, slow on its way, lands after the list has read its cards and
  // before the list delivers the same state (answered as stored: a replay of it): the card must
  // count the boxes, which the read before did not.
  const home = await context.newPage();
  let cardsShown = () => undefined as void;
  const cardsRead = new Promise<void>((resolve) => (cardsShown = resolve));
  await home.route(/project\.overviews/, async (route) => {
    await route.fulfill({ response: await route.fetch() });
    cardsShown();
  }, { times: 1 });
  await home.route(/saveFromEditor/, async (route) => {
    await cardsRead;
    const state = lastState!;
    const keepalive = await home.request.post(`${world.server.url}/api/trpc/annotation.saveFromEditor`, {
      data: { annotation_type: 'bndbox', project_name: 'saved-late', uuid: state.imageId, shapes: state.shapes, edited_at: state.editedAt, base_version: state.baseVersion, client_id: state.clientId },
    });
    expect(keepalive.ok()).toBe(true);
    await route.continue();
  });
  await home.goto(`${world.server.url}/`);
  await expect.poll(async () => (await api.boxes('saved-late')).length).toBe(2);
  await expect(home.getByRole('article', { name: 'Project saved-late' })).toContainText('1 labeled');
});

test('boxes the tab kept only in IndexedDB (localStorage full) are stored once the project list opens', async ({ context, world, api }) => {
  await api.createProject('idb-only', 'bndbox', { labels: ['car'] });
  // The tab stays until its journal holds the second box: IndexedDB writes are not synchronous.
  const journalHoldsBoth = (page: Page) =>
    expect.poll(async () => (await page.evaluate(journalEntries)).map((entry) => entry.shapes.length)).toContain(2);
  await twoBoxesLost(context, world.server.url, 'idb-only', { stashFull: true, beforeClose: journalHoldsBoth });
  expect(await api.boxes('idb-only')).toHaveLength(0);

  const home = await context.newPage();
  await home.goto(`${world.server.url}/`);
  await expect(home.getByRole('heading', { name: 'Labelport' })).toBeVisible();
  await expect.poll(async () => (await api.boxes('idb-only')).length).toBe(2);
});

test('a box drawn on an image passed while the server was down reaches it once the server is back', async ({ page, api, editor }) => {
  await api.createProject('held-offline', 'bndbox', { labels: ['car'] });
  const first = await api.uuidOf('held-offline', FIRST_IMAGE.file);
  const cat = await api.uuidOf('held-offline', 'cat.jpg');
  // The server unreachable for every image but the first: each read fails after a while.
  let down = true;
  let catReadsFailed = 0;
  await page.route(/annotation\.forEditor/, async (route) => {
    const url = route.request().url();
    if (!down || url.includes(first)) return route.continue().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    if (url.includes(cat)) catReadsFailed += 1;
    await route.abort('connectionrefused').catch(() => undefined);
  });
  await editor.open('bndbox', 'held-offline', '1 / 8');
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
  const c = await editor.centre();
  await editor.drag({ x: c.x - 60, y: c.y - 40 }, { x: c.x + 40, y: c.y + 40 });
  // Moved on before cat.jpg came: its box waits for the image's shapes, whose reads all fail.
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('3 / 8');
  const failedBefore = catReadsFailed;
  await expect.poll(() => catReadsFailed, { timeout: 15_000 }).toBeGreaterThan(failedBefore);
  // The box's image could not be read: the status says it is not saved (it said all was).
  await expect(editor.saveIndicator()).toHaveText('Save failed, retrying…', { timeout: 15_000 });
  down = false;

  await expect.poll(async () => (await api.boxesOf('held-offline', 'cat.jpg')).length, { timeout: 15_000 }).toBe(1);
  expect(await api.boxOf('held-offline', 'cat.jpg', 0)).toMatchObject({ label: 'car' });
  await editor.waitSaved();
});
