import path from 'node:path';
import { expect, test } from './fixtures';

test('the home page opens and names the product', async ({ page, world }) => {
  await page.goto(world.server.url);
  await expect(page.getByRole('heading', { name: 'Labelport' })).toBeVisible();
  await page.screenshot({ path: path.join(world.screenshotDir, 'home.png'), fullPage: true });
});
