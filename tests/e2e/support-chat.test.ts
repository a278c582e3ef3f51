// Live support in Chromium: a customer on a phone writes on Contact us; a support operator at
// 1280×800 finds the conversation in the inbox with its unread count, reads the message as plain
// text (markup shown as typed, never rendered) and answers; the answer appears in the customer's
// chat without a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { registerByEmail } from '../server/helpers';
import { appAndBrowser, loginThroughUi, phone, signInOperator, waitForHash } from './harness';

const app = appAndBrowser();
const EMAIL = 'e2e-chat@example.com';
const PASSWORD = 'Secret-pass-123';
const QUESTION = 'Where is my deposit? <b>not bold</b>';
const ANSWER = 'It was credited a minute ago.';

beforeAll(async () => {
  await registerByEmail(app.running.app, EMAIL, PASSWORD);
});

describe('support chat', () => {
  const closers: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('a customer’s question reaches the support desk, whose answer arrives in the open chat', async () => {
    const customer = await phone(app.browser);
    closers.push(() => customer.context.close());
    const page = customer.page;
    await loginThroughUi(page, app.running, EMAIL, PASSWORD);
    await page.goto(`${app.running.url}/#/user/service`);
    await waitForHash(page, '#/user/service');
    await page.getByText(en.service.chat.empty).waitFor();
    await page.getByLabel(en.service.chat.placeholder).fill(QUESTION);
    await page.getByRole('button', { name: en.service.chat.send }).click();
    await page.locator('.chat-mine .chat-text', { hasText: QUESTION }).waitFor();
    expect(await page.locator('.chat-thread b').count()).toBe(0);
    await expect.poll(() => page.getByLabel(en.service.chat.placeholder).inputValue()).toBe('');

    const desk = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    closers.push(() => desk.close());
    const op = await desk.newPage();
    await signInOperator(op, app.running, 'helen', ['support']);

    await op.getByRole('link', { name: en.admin.supportTitle }).click();
    const row = op.getByRole('row', { name: new RegExp(EMAIL) });
    await row.waitFor();
    expect(await row.textContent()).toContain('1'); // one unread message
    await op.getByRole('link', { name: EMAIL }).click();
    await op.waitForURL('**/admin/conversation?id=*');
    await op.locator('.chat-theirs .chat-text', { hasText: QUESTION }).waitFor();
    expect(await op.locator('.chat-thread b').count()).toBe(0);
    await op.getByLabel(en.admin.replyLabel).fill(ANSWER);
    await op.getByRole('button', { name: en.admin.replySend }).click();
    await op.locator('.chat-mine .chat-text', { hasText: ANSWER }).waitFor();
    await expect.poll(() => op.getByLabel(en.admin.replyLabel).inputValue()).toBe('');
    // the emptied field is ready for the next answer, not an error
    expect(await op.getByText(en.admin.replyRequired).count()).toBe(0);
    await op.screenshot({ path: 'tests/e2e/artifacts/admin-support-conversation.png' });

    // no reload: the open chat asks again every few seconds
    await page.locator('.chat-theirs .chat-text', { hasText: ANSWER }).waitFor({ timeout: 10_000 });
    await page.locator('.chat-theirs .chat-meta', { hasText: en.service.chat.support }).waitFor();
    await page.screenshot({ path: 'tests/e2e/artifacts/support-chat-phone.png' });
  });
});
