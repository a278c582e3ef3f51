// An identity check in the back office at 1280×800: the document's front, back and selfie sit side
// by side and each opens large on a click (Escape closes it); the operator takes the item (the
// queue names them), rejects it with a reason, and the decided check's record still shows the
// three photos and the reason. With E2E_SHOTS=<dir> it saves the review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../locales/en-US.json';
import { dataUrl, pngImage } from '../fixtures/images';
import { call, registerByEmail } from '../server/helpers';
import { appAndBrowser, operatorDesktop, saveShot } from './harness';

const app = appAndBrowser();
const pages: Page[] = [];
let cardId = 0;
let attempt = 0;

beforeAll(async () => {
  const { token } = await registerByEmail(app.running.app, 'e2e-identity@example.com', 'Secret-pass-123');
  const photo = async (w: number) => String((await call(app.running.app, 'POST', '/user/uploadBase64', { token, body: { base64Str: dataUrl(pngImage(w, 200)) } })).data.url);
  const card = await call(app.running.app, 'POST', '/user_card/createUser_card', {
    token,
    body: { type: 1, name: 'Kim Example', card_front: await photo(300), card_end: await photo(301), card_hand: await photo(302) },
  });
  expect(card.code, card.msg).toBe(0);
  cardId = card.data.ID;
});
afterAll(async () => {
  for (const p of pages) await p.context().close();
});

describe('an identity check', () => {
  it('shows the three photos side by side, opens one large, and keeps them on the decided record', async () => {
    const name = `kyc-op-${++attempt}`;
    const page = await operatorDesktop(app.running, app.browser, name, ['compliance']);
    pages.push(page);
    await page.goto(`${app.running.url}/admin/review?kind=kyc&id=${cardId}`);
    const photos = [en.admin.idFrontLabel, en.admin.idBackLabel, en.admin.idHandLabel].map((label) => page.getByRole('img', { name: label, exact: true }));
    for (const p of photos) await expect.poll(() => p.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await saveShot(page, 'identity-review-en-US');
    const boxes = await Promise.all(photos.map(async (p) => (await page.locator('.detail-image', { has: p }).boundingBox())!));
    // one row (labels of one or two lines above them): the same top, left to right
    expect(Math.max(...boxes.map((b) => b.y)) - Math.min(...boxes.map((b) => b.y))).toBeLessThan(4);
    expect(boxes[0].x).toBeLessThan(boxes[1].x);
    expect(boxes[1].x).toBeLessThan(boxes[2].x);

    const thumb = (await photos[2].boundingBox())!.width;
    await page.getByRole('button', { name: en.upload.enlarge.replace('{{name}}', en.admin.idHandLabel) }).click();
    const large = page.getByRole('dialog', { name: en.admin.idHandLabel });
    await large.waitFor();
    expect((await large.getByRole('img').boundingBox())!.width).toBeGreaterThan(thumb * 1.5);
    await page.keyboard.press('Escape');
    await large.waitFor({ state: 'detached' });

    const take = page.locator('.admin-screen', { has: page.getByRole('heading', { name: en.admin.queue.takeTitle }) });
    await take.getByRole('button', { name: en.admin.queue.takeSubmit }).click();
    await page.getByText(en.admin.queue.taken).waitFor();
    await expect.poll(() => page.locator('.detail-field', { hasText: en.admin.queue.takenByLabel }).locator('.detail-value').textContent()).toBe(name);

    await page.selectOption('#root_decision', { label: en.admin.decision.reject });
    await page.fill('#root_reason', 'The selfie is blurred');
    await page.click('.admin-screen:has(#root_decision) button[type=submit]');
    await page.getByText(en.admin.decided).waitFor();
    await page.waitForURL('**/admin/reviews*');

    await page.goto(`${app.running.url}/admin/decided?kind=kyc&id=${cardId}`);
    await page.getByRole('heading', { name: en.admin.history.recordTitle }).waitFor();
    for (const label of [en.admin.idFrontLabel, en.admin.idBackLabel, en.admin.idHandLabel]) await page.getByRole('img', { name: label, exact: true }).waitFor();
    await page.getByText('The selfie is blurred').waitFor();
  });
});
