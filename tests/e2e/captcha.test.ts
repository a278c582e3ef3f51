// The captcha of a form route is asked for while the form's chunks load (src/widgets/captcha/early.ts):
// one request per opening, its image and id in the form; a tap on the image asks for a new one.
import { describe, expect, it } from 'vitest';
import { appAndBrowser, phone } from './harness';

const app = appAndBrowser();

describe('captcha on a form route', () => {
  it('is asked for once when the route opens, and again only on a tap', async () => {
    const { context, page } = await phone(app.browser);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/base/captcha')) asked.push(r.method());
    });
    await page.goto(`${app.running.url}/#/login/register`);
    await page.locator('.captcha img').waitFor();
    const id = () => page.locator('#root_captchaId').inputValue();
    await expect.poll(id).toMatch(/\S/);
    const first = await id();
    expect(asked).toEqual(['POST']);

    await page.locator('button.captcha').click();
    await expect.poll(id).not.toBe(first);
    await page.locator('.captcha img').waitFor();
    expect(asked).toEqual(['POST', 'POST']);
    await context.close();
  });
});
