import { startProduct, launchBrowser, DEMO, PHONE } from './support/harness.ts';
import { openPage, uiLogin } from './player/support.ts';
const product = await startProduct();
const browser = await launchBrowser();
const { page } = await openPage(browser, PHONE);
await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
await page.getByTestId('balance-amount').waitFor();
let aborted = 0;
const mode = process.argv[2] ?? 'plain';
for (let i = 0; i < 20; i++) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByTestId('profile-menu').waitFor();
  await page.keyboard.press('Escape');
  if (mode === 'settled') await page.waitForFunction(() => (history.state as { khelSheet?: boolean } | null)?.khelSheet !== true);
  try {
    await page.goto(`${product.baseUrl}/bonus?i=${i}`);
  } catch (error) {
    aborted += 1;
    console.log(String(error).split('\n')[0]);
  }
}
console.log(mode, 'aborted', aborted, 'of 20');
await browser.close();
await product.stop();
