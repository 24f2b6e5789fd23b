// A team server in the browser, as its users meet it: strangers land on the sign-in form and come
// back to the page they asked for; a viewer sees a project read-only; two annotators on one image
// see each other and meet each other's saves as a conflict to settle, never an overwrite; an admin
// deals images out and an annotator narrows the strip to hers; projects come from folders under
// the server's roots.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUserService } from '@/server/core/users/user.service';
import { openStore, type OpenedStore } from '@/server/runtime/open-store';
import { startBuiltServer, type BuiltServer } from '@/server/testing/built-server';
import { makeTempDir, writeImageFolder } from '@/server/testing/image-fixtures';
import { testDatabaseUrlFor } from '@/server/testing/test-store';
import { editorPage, FIRST_IMAGE, restApi, slowScripts } from './pages';

let server: BuiltServer;
let store: OpenedStore;
let admin: APIRequestContext;
const passwords: Record<string, string> = {};
let folder: string;
let rootDir: string;

test.beforeAll(async () => {
  rootDir = await makeTempDir('labelport-e2e-roots-');
  folder = path.join(rootDir, 'photos');
  await writeImageFolder(folder);
  // Label files are written to the temporary folder: it is a root too.
  const roots = `${rootDir}:${fs.realpathSync(os.tmpdir())}`;
  server = await startBuiltServer({ label: 'e2e-team', env: { LABELPORT_AUTH: 'required', LABELPORT_ROOTS: roots } });
  store = await openStore({ dataDir: server.dataDir, databaseUrl: await testDatabaseUrlFor(server.dataDir), asServer: false });
  const users = createUserService({ users: store.repos.users, now: Date.now });
  for (const [name, role] of [['ada', 'admin'], ['ann', 'annotator'], ['vic', 'viewer']] as const) passwords[name] = (await users.add(name, role)).password;
  const { token } = await users.issueToken('ada');
  admin = await playwrightRequest.newContext({ extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  await restApi(admin, server.url, folder).createProject('shared', 'bndbox', { labels: ['car'] });
});

test.afterAll(async () => {
  await admin?.dispose();
  await store?.close();
  await server?.stop();
});

async function signIn(page: Page, name: string, password: string) {
  await page.getByLabel('User name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A browser of its own for the user, signed in on the project's workspace, its image shown. */
async function workspaceAs(browser: Browser, name: string, project: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/projects/bndbox/${project}`);
  await signIn(page, name, passwords[name] ?? '');
  await editorPage(page, server.url).waitImageShown();
  return page;
}

const storedBoxes = async () => restApi(admin, server.url, '').boxes('shared');

test('a stranger signs in, comes back to the page asked for, and signs out', async ({ page }) => {
  await page.goto(`${server.url}/projects/bndbox/shared`);
  await expect(page).toHaveURL(/\/signin\?next=%2Fprojects%2Fbndbox%2Fshared$/);
  await signIn(page, 'ann', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toHaveText(/Wrong user name or password/);
  await signIn(page, 'ann', passwords.ann ?? '');
  await expect(page).toHaveURL(`${server.url}/projects/bndbox/shared`);
  await expect(page.getByLabel('Position')).toHaveText('1 / 8');

  await page.goto(server.url);
  await expect(page.getByText('ann · annotator')).toBeVisible();
  // Projects are an admin's to make.
  await expect(page.getByRole('button', { name: 'New project' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto(server.url);
  await expect(page).toHaveURL(/\/signin\?next=%2F$/);
});

test("a viewer's workspace is read-only; an annotator's box is stored", async ({ browser }) => {
  const before = (await storedBoxes()).length;
  const viewerPage = await (await browser.newContext()).newPage();
  await viewerPage.goto(`${server.url}/projects/bndbox/shared`);
  await signIn(viewerPage, 'vic', passwords.vic ?? '');
  const viewer = editorPage(viewerPage, server.url);
  await viewer.waitImageShown();
  await expect(viewerPage.getByText('Read only')).toBeVisible();
  const c = await viewer.centre();
  await viewer.drag({ x: c.x - 60, y: c.y - 40 }, { x: c.x + 40, y: c.y + 40 });
  await viewerPage.waitForTimeout(1500);
  expect((await storedBoxes()).length).toBe(before);
  // No admin's buttons that would only be refused: import, export, adding, renaming and deleting
  // images, and on the project list reload, rename and delete (the star shows, but does not toggle).
  for (const name of ['Import…', 'Export', 'Add images…', 'Rename…', 'Delete…']) await expect(viewerPage.getByRole('button', { name })).toHaveCount(0);
  // Nor the key: F2 asks nothing, and the shortcut sheet opened after it does not list it.
  await viewerPage.keyboard.press('F2');
  await viewerPage.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const sheet = viewerPage.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toContainText('Go to an image by number or file name');
  await expect(sheet).not.toContainText('Rename the image file');
  await expect(sheet).not.toContainText('Put the image in the train split');
  await expect(viewerPage.getByRole('dialog', { name: 'Rename image' })).toBeHidden();
  await viewerPage.keyboard.press('Escape');
  await viewerPage.getByRole('link', { name: '← Projects' }).click();
  const card = viewerPage.getByRole('article', { name: 'Project shared' });
  await expect(card.getByRole('link', { name: 'Open', exact: true })).toBeVisible();
  for (const name of ['Reload', 'Rename', 'Delete']) await expect(card.getByRole('button', { name })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /Star|Unstar/ })).toBeDisabled();

  const annotatorPage = await (await browser.newContext()).newPage();
  await annotatorPage.goto(`${server.url}/projects/bndbox/shared`);
  await signIn(annotatorPage, 'ann', passwords.ann ?? '');
  const annotator = editorPage(annotatorPage, server.url);
  await annotator.waitImageShown();
  const a = await annotator.centre();
  await annotator.drag({ x: a.x - 60, y: a.y - 40 }, { x: a.x + 40, y: a.y + 40 });
  await annotator.waitSaved();
  await expect.poll(async () => (await storedBoxes()).length).toBe(before + 1);
});

test('a viewer is offered no control that would be refused: no label edits, tools, side or Split', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/projects/bndbox/shared`);
  await signIn(page, 'vic', passwords.vic ?? '');
  await editorPage(page, server.url).waitImageShown();
  const badge = page.getByText('Read only');
  await expect(badge).toBeVisible();
  // The badge sits in the middle of the bar's height, as the buttons beside it do.
  const bar = await page.locator('header.topbar').boundingBox();
  const mark = await badge.boundingBox();
  expect(Math.abs(mark!.y + mark!.height / 2 - (bar!.y + bar!.height / 2))).toBeLessThanOrEqual(1);

  const labels = page.getByRole('region', { name: 'Labels' });
  await expect(labels.getByTitle('car', { exact: true })).toBeVisible();
  await expect(labels.getByLabel('New label')).toHaveCount(0);
  for (const name of ['Add', 'Rename car', 'Remove car']) await expect(labels.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(labels.getByLabel('Color of car')).toBeDisabled();
  await labels.getByRole('button', { name: 'Classes…' }).click();
  const classes = page.getByRole('dialog', { name: 'Classes' });
  await expect(classes.getByLabel('Hotkey of car')).toBeDisabled();
  await expect(classes.getByRole('button', { name: 'Remove class car' })).toBeDisabled();
  await classes.getByRole('button', { name: 'Close' }).click();

  // The drawing tools are shown, disabled, with the reason; select is the tool, and B does not pick Box.
  const tools = page.getByRole('toolbar', { name: 'Tools' });
  for (const name of ['Box', 'Polygon', 'Smart polygon']) {
    await expect(tools.getByRole('button', { name, exact: true })).toBeDisabled();
    await expect(tools.getByRole('button', { name, exact: true })).toHaveAttribute('title', /cannot change them/);
  }
  await expect(tools.getByRole('button', { name: 'Select', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('b');
  await expect(tools.getByRole('button', { name: 'Select', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // Nor the More menu's edits, which did nothing when chosen; looking (hide, settings) stays.
  await tools.getByRole('button', { name: 'More ▾' }).click();
  const more = page.getByRole('menu');
  for (const name of [/^Paste Ctrl/, /^Paste in place/]) await expect(more.getByRole('menuitem', { name })).toBeDisabled();
  for (const name of [/Keep previous/, /Auto-advance/]) await expect(more.getByRole('menuitemcheckbox', { name })).toBeDisabled();
  await expect(more.getByRole('menuitem', { name: /^Paste Ctrl/ })).toHaveAttribute('title', /cannot change them/);
  await expect(more.getByRole('menuitem', { name: /^Settings…/ })).toBeEnabled();
  await tools.getByRole('button', { name: 'More ▾' }).click();

  await expect(page.getByLabel('Split side of this image')).toBeDisabled();
  // The split's counts are a read like the statistics: shown, with no Split to press.
  await page.getByRole('button', { name: 'Split…' }).click();
  const split = page.getByRole('dialog', { name: 'Split' });
  await expect(split.getByRole('table', { name: 'Images per side' })).toBeVisible();
  await expect(split.getByRole('button', { name: 'Split', exact: true })).toHaveCount(0);
  await expect(split.getByLabel('train percent')).toHaveCount(0);
  await expect(split.getByRole('status', { name: 'Split settings' })).toContainText('Only an admin splits the project');
});

test('an annotator sets an image\'s side but is offered no Split; a refused side says why', async ({ browser }) => {
  const users = createUserService({ users: store.repos.users, now: Date.now });
  passwords.ned = (await users.add('ned', 'annotator')).password;
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/projects/bndbox/shared`);
  await signIn(page, 'ned', passwords.ned);
  await editorPage(page, server.url).waitImageShown();
  await page.getByRole('button', { name: 'Split…' }).click();
  const split = page.getByRole('dialog', { name: 'Split' });
  await expect(split.getByRole('table', { name: 'Images per side' })).toBeVisible();
  await expect(split.getByRole('button', { name: 'Split', exact: true })).toHaveCount(0);
  await split.getByRole('button', { name: 'Close' }).click();

  const side = page.getByLabel('Split side of this image');
  await side.selectOption('val');
  await expect(side).toHaveValue('val');
  // Made a viewer while the page is open: the change is refused, and the mark says why.
  await users.setRole('ned', 'viewer');
  await side.selectOption('test');
  await expect(page.getByRole('alert', { name: /The side was not changed: A viewer may not do this/ })).toBeVisible();
  await expect(side).toHaveValue('val');
});

test('two annotators on one image: the later save meets the earlier one, and nothing is lost silently', async ({ browser }) => {
  await restApi(admin, server.url, folder).createProject('together', 'bndbox', { labels: ['car'] });
  const boxesOnFirst = async () => (await restApi(admin, server.url, '').boxesOf('together', FIRST_IMAGE.file)).length;
  const open = async (name: string) => {
    const page = await workspaceAs(browser, name, 'together');
    const editor = editorPage(page, server.url);
    return { page, editor, centre: await editor.centre() };
  };
  const ann = await open('ann');
  const ada = await open('ada');
  const conflict = (page: Page) => page.getByRole('dialog', { name: 'This image was changed meanwhile' });
  // Each sees the other on the image (Ann at her next ping: she came first).
  await expect(ada.page.getByRole('status', { name: 'Presence' })).toHaveText('Also here: ann');
  await expect(ann.page.getByRole('status', { name: 'Presence' })).toHaveText('Also here: ada', { timeout: 20_000 });

  await ann.editor.drag({ x: ann.centre.x - 300, y: ann.centre.y - 180 }, { x: ann.centre.x - 150, y: ann.centre.y - 60 });
  await ann.editor.waitSaved();
  // Ada loaded the image before Ann's box: her save is refused and she is told by whom.
  await ada.editor.drag({ x: ada.centre.x + 150, y: ada.centre.y + 60 }, { x: ada.centre.x + 300, y: ada.centre.y + 180 });
  await expect(conflict(ada.page)).toContainText('ann');
  // A question that must be answered: Escape does not dismiss it.
  await ada.page.keyboard.press('Escape');
  await expect(conflict(ada.page)).toBeVisible();
  expect(await boxesOnFirst()).toBe(1);
  await conflict(ada.page).getByRole('button', { name: 'Merge shapes' }).click();
  await expect.poll(boxesOnFirst).toBe(2);
  await ada.editor.waitSaved();

  // Ann's tab still grows from her own save: her next box meets Ada's merge; she keeps hers.
  await ann.editor.drag({ x: ann.centre.x - 300, y: ann.centre.y + 60 }, { x: ann.centre.x - 150, y: ann.centre.y + 180 });
  await expect(conflict(ann.page)).toContainText('ada');
  await conflict(ann.page).getByRole('button', { name: 'Keep mine' }).click();
  await ann.editor.waitSaved();
  await expect.poll(boxesOnFirst).toBe(2);

  // Ada draws again on her stale state; she takes Ann's instead, and her editor shows it.
  await ada.editor.drag({ x: ada.centre.x + 150, y: ada.centre.y - 180 }, { x: ada.centre.x + 300, y: ada.centre.y - 60 });
  await expect(conflict(ada.page)).toContainText('ann');
  await conflict(ada.page).getByRole('button', { name: 'Take theirs' }).click();
  await ada.editor.waitSaved();
  await expect.poll(boxesOnFirst).toBe(2);
  // Taking Ann's shapes wrote nothing (it wrote them again as Ada's version): Ann's next box
  // lands without a conflict with her own work.
  await ann.editor.drag({ x: ann.centre.x + 150, y: ann.centre.y - 180 }, { x: ann.centre.x + 300, y: ann.centre.y - 60 });
  await ann.editor.waitSaved();
  await expect(conflict(ann.page)).toHaveCount(0);
  await expect.poll(boxesOnFirst).toBe(3);
});

test('a box drawn with a label renamed elsewhere a moment before is stored under the new name', async ({ browser }) => {
  await restApi(admin, server.url, folder).createProject('relabelled', 'bndbox', { labels: ['car', 'bike'] });
  const page = await workspaceAs(browser, 'ann', 'relabelled');
  const editor = editorPage(page, server.url);
  await expect(editor.labelNames()).toHaveText(['1 car', '2 bike']);
  // The tab reads the labels again only after its save: it draws with the old name meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/label\.classes/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const renamed = await admin.post(`${server.url}/api/trpc/label.rename`, { data: { annotation_type: 'bndbox', project_name: 'relabelled', from: 'bike', to: 'cycle' } });
  expect(renamed.ok()).toBe(true);
  await editor.pressLabel(2);
  const c = await editor.centre();
  await editor.drag({ x: c.x - 60, y: c.y - 40 }, { x: c.x + 40, y: c.y + 40 });
  await editor.waitSaved();
  release();
  await expect(editor.labelNames()).toHaveText(['1 car', '2 cycle'], { timeout: 15_000 });
  // The first image had no bike when it was renamed: only the tab's own save can rename its box.
  await expect.poll(async () => (await restApi(admin, server.url, '').boxesOf('relabelled', FIRST_IMAGE.file)).map((box) => box.label), { timeout: 10_000 }).toEqual(['cycle']);
  await editor.waitSaved();
});

test('an admin deals the images out round-robin; an annotator narrows the strip to hers', async ({ browser }) => {
  await restApi(admin, server.url, folder).createProject('dealt', 'bndbox', { labels: ['car'] });
  const signedIn = (name: string) => workspaceAs(browser, name, 'dealt');
  const ada = await signedIn('ada');
  await ada.getByRole('button', { name: 'Assign…' }).click();
  const dialog = ada.getByRole('dialog', { name: 'Assign images' });
  await dialog.getByLabel('Round-robin').check();
  await dialog.getByLabel('Annotators (comma-separated)').fill('ann, ada');
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('8 images assigned');

  const ann = await signedIn('ann');
  await expect(ann.getByRole('button', { name: 'Assign…' })).toHaveCount(0);
  await ann.getByLabel('Filter by label').selectOption({ label: 'Assigned to me (4)' });
  await expect(ann.getByLabel('Position')).toHaveText('1 / 4');
});

test("an admin makes a project from a folder picked under the server's roots", async ({ page }) => {
  await page.goto(server.url);
  await signIn(page, 'ada', passwords.ada ?? '');
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await expect(dialog.getByRole('button', { name: 'Choose…' })).toHaveCount(0);
  const browserPanel = dialog.getByRole('group', { name: 'Folders under the project roots' });
  await browserPanel.getByRole('button', { name: rootDir }).click();
  await browserPanel.getByRole('button', { name: /photos/ }).click();
  await browserPanel.getByRole('button', { name: 'Use this folder' }).click();
  await expect(dialog.getByLabel('Image folder')).toHaveValue(fs.realpathSync(folder));
  await dialog.getByLabel('Name').fill('picked');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect.poll(async () => (await (await admin.get(`${server.url}/bndbox/projects/meta`)).json()).content.map((entry: { project_name: string }) => entry.project_name)).toContain('picked');
});

test('an admin adds a user on the Users page; the password shown once signs her in', async ({ page, browser }) => {
  // What is typed and clicked before the page's script runs must still add the user (a form
  // submitted natively before hydration reloaded the page).
  await slowScripts(page);
  await page.goto(`${server.url}/admin`);
  await signIn(page, 'ada', passwords.ada ?? '');
  await expect(page).toHaveURL(`${server.url}/admin`);
  await page.getByLabel('New user name').fill('zoe');
  await page.getByLabel('Role of the new user').selectOption('annotator');
  await page.getByRole('button', { name: 'Add user' }).click();
  const shown = (await page.getByRole('status').filter({ hasText: 'Password for zoe' }).textContent()) ?? '';
  const password = shown.split(': ').at(-1)?.trim() ?? '';
  expect(password.length).toBeGreaterThanOrEqual(16);
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('zoe');

  const zoe = await (await browser.newContext()).newPage();
  await zoe.goto(server.url);
  await signIn(zoe, 'zoe', password);
  await expect(zoe.getByText('zoe · annotator')).toBeVisible();
  // Not an admin: the Users page says so.
  await zoe.goto(`${server.url}/admin`);
  await expect(zoe.getByRole('heading', { name: 'Admins only' })).toBeVisible();
});

test("a viewer's Copy to other images says it cannot copy, instead of closing as if it had", async ({ browser }) => {
  const api = restApi(admin, server.url, folder);
  await api.createProject('viewed', 'bndbox', { labels: ['car'] });
  await api.saveBoxes('viewed', FIRST_IMAGE.file, FIRST_IMAGE, [{ id: 'b1', x1: 2, y1: 2, x2: 12, y2: 10, label: 'car' }]);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.url}/projects/bndbox/viewed`);
  await signIn(page, 'vic', passwords.vic ?? '');
  const viewer = editorPage(page, server.url);
  await viewer.waitImageShown();
  await expect(page.getByRole('region', { name: 'Shapes' }).getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('c');
  const dialog = page.getByRole('dialog', { name: 'Copy shapes to other images' });
  await expect(dialog.getByRole('alert')).toHaveText('You can view this project but not change it: nothing can be copied.');
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeDisabled();
  expect(await restApi(admin, server.url, '').boxes('viewed')).toHaveLength(1);
});

test("an annotator's keys are her own: her preset is kept for her, and the admin's stay as they were", async ({ browser }) => {
  const openAs = (name: string) => workspaceAs(browser, name, 'shared');
  const presetOf = async (page: Page) => {
    await page.keyboard.press('Control+,');
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const preset = await settings.getByLabel('Key preset').inputValue();
    await settings.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(settings).toBeHidden();
    return preset;
  };
  const ann = await openAs('ann');
  await ann.keyboard.press('Control+,');
  const settings = ann.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Key preset').selectOption('cvat');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await ann.reload();
  await editorPage(ann, server.url).waitImageShown();
  expect(await presetOf(ann)).toBe('cvat');

  const ada = await openAs('ada');
  expect(await presetOf(ada)).toBe('labelport');
});
