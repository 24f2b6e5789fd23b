// A team server in the browser: strangers land on the sign-in form, a wrong password says so, a
// signed-in user gets back to the page they asked for, a viewer sees a project read-only (nothing
// drawn is stored), an annotator's box is saved, and signing out ends it.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { createUserService } from '@/server/core/users/user.service';
import { openStore, type OpenedStore } from '@/server/runtime/open-store';
import { startBuiltServer, type BuiltServer } from '@/server/testing/built-server';
import { makeTempDir, writeImageFolder } from '@/server/testing/image-fixtures';
import { testDatabaseUrlFor } from '@/server/testing/test-store';
import { editorPage, FIRST_IMAGE, restApi } from './pages';

let server: BuiltServer;
let store: OpenedStore;
let admin: APIRequestContext;
const passwords: Record<string, string> = {};
let folder: string;

test.beforeAll(async () => {
  folder = await makeTempDir('labelport-e2e-team-');
  await writeImageFolder(folder);
  server = await startBuiltServer({ label: 'e2e-team', env: { LABELPORT_AUTH: 'required' } });
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

test('two annotators on one image: the later save meets the earlier one, and nothing is lost silently', async ({ browser }) => {
  await restApi(admin, server.url, folder).createProject('together', 'bndbox', { labels: ['car'] });
  const boxesOnFirst = async () => (await restApi(admin, server.url, '').boxesOf('together', FIRST_IMAGE.file)).length;
  const open = async (name: string) => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/projects/bndbox/together`);
    await signIn(page, name, passwords[name] ?? '');
    const editor = editorPage(page, server.url);
    await editor.waitImageShown();
    return { page, editor, centre: await editor.centre() };
  };
  const ann = await open('ann');
  const ada = await open('ada');
  const conflict = (page: Page) => page.getByRole('dialog', { name: 'This image was changed meanwhile' });

  await ann.editor.drag({ x: ann.centre.x - 300, y: ann.centre.y - 180 }, { x: ann.centre.x - 150, y: ann.centre.y - 60 });
  await ann.editor.waitSaved();
  // Ada loaded the image before Ann's box: her save is refused and she is told by whom.
  await ada.editor.drag({ x: ada.centre.x + 150, y: ada.centre.y + 60 }, { x: ada.centre.x + 300, y: ada.centre.y + 180 });
  await expect(conflict(ada.page)).toContainText('ann');
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
  await expect(ada.page.getByRole('region', { name: 'Image info' })).toContainText(/Version \d+: ada/);
});
