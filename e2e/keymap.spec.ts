// Keys are the user's: a preset or single keys rebound in Settings, kept per machine (a
// reload and another project see them), and the ? sheet always shows the keys in force.
import { expect, test } from './fixtures';
import { resetEditorSettings } from './pages';

// Settings are the machine's (one server per spec file): each test starts from the defaults.
test.afterEach(async ({ page, world }) => resetEditorSettings(page.request, world.server.url));

test('a class hotkey a preset takes over is said in Settings and in the Classes dialog', async ({ page, api, editor }) => {
  await api.createProject('keys-taken', 'bndbox', { labels: ['car', 'tree'] });
  await editor.open('bndbox', 'keys-taken', '1 / 8');
  const classes = await editor.openClasses();
  await classes.getByLabel('Hotkey of tree').fill('n');
  await classes.getByLabel('Hotkey of tree').press('Enter');
  await expect.poll(async () => (await api.classes('keys-taken')).find((row) => row.name === 'tree')?.hotkey).toBe('n');
  await expect(classes.getByRole('status')).toHaveCount(0);
  await classes.getByRole('button', { name: 'Close' }).click();

  // CVAT-style draws with N: the class's key would never pick it again.
  await page.keyboard.press('Control+,');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Key preset').selectOption('cvat');
  await expect(settings.locator('tr[data-action="tool.draw"]')).toContainText('N is also the hotkey of class tree in this project: this action takes it');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  const again = await editor.openClasses();
  await expect(again.getByRole('status')).toContainText('N is already the key of');
  await expect(again.getByRole('status')).toContainText('it runs that action, not this class');
});

test('the CVAT preset and a rebound key work after a reload, and the ? sheet shows them', async ({ page, api, editor }) => {
  await api.createProject('keys', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'keys', '1 / 8');

  await page.keyboard.press('Control+,');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Key preset').selectOption('cvat');
  await settings.getByRole('button', { name: 'Set key for tool.select' }).click();
  await page.keyboard.press('x');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();

  await page.reload();
  await expect(editor.position()).toHaveText('1 / 8');
  await editor.waitImageShown();
  await page.keyboard.press('f');
  await expect(editor.position()).toHaveText('2 / 8');
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('1 / 8');
  await page.keyboard.press('x');
  await expect(editor.toolButton('Select')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('n');
  await expect(editor.toolButton('Box')).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.locator('tr[data-action="image.next"] kbd').first()).toHaveText('F');
  await expect(sheet.locator('tr[data-action="tool.select"] kbd')).toHaveText('X');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();

  // Back to the defaults in the dialog: D is next again. Pressed right after the sheet closed,
  // the sheet's late close event once closed Settings as it opened.
  await page.keyboard.press('Control+,');
  await settings.getByLabel('Key preset').selectOption('labelport');
  await settings.getByRole('button', { name: 'Save' }).click();
  await page.keyboard.press('d');
  await expect(editor.position()).toHaveText('2 / 8');
});

test('a key taken by two actions is shown on both and cannot be saved', async ({ page, api, editor }) => {
  await api.createProject('clash', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'clash', '1 / 8');
  await page.keyboard.press('Control+,');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('button', { name: 'Set key for view.help' }).click();
  await page.keyboard.press('b');
  await expect(settings.locator('tr[data-action="tool.box"]')).toContainText('B is also Show every shortcut');
  await expect(settings.locator('tr[data-action="view.help"]')).toHaveClass(/conflict/);
  await expect(settings.getByRole('button', { name: 'Save' })).toBeDisabled();
  await settings.getByRole('button', { name: 'Clear keys of tool.box' }).click();
  await expect(settings.getByRole('button', { name: 'Save' })).toBeEnabled();
  await settings.getByRole('button', { name: 'Cancel', exact: true }).click();
  // Cancelled: nothing changed.
  await page.keyboard.press('b');
  await expect(editor.toolButton('Box')).toHaveAttribute('aria-pressed', 'true');
});

test('Ctrl+, pressed as the Classes dialog closes opens Settings, which stays open', async ({ page, api, editor }) => {
  await api.createProject('keys-rushed', 'bndbox', { labels: ['car'] });
  await editor.open('bndbox', 'keys-rushed', '1 / 8');
  const classes = await editor.openClasses();
  // Both in one task, before the closing dialog's close event: a rushed user's timing, every run.
  await classes.getByRole('button', { name: 'Close' }).evaluate((close: HTMLElement) => {
    close.click();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ',', ctrlKey: true, bubbles: true, cancelable: true }));
  });
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expect(classes).toBeHidden();
  // The close event has come by now: Settings is still open and usable.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  await expect(settings.getByLabel('Key preset')).toBeVisible();
});
