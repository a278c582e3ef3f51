// @vitest-environment happy-dom
// The upload widget on the real deposit form (schemas/screens/deposit-create.json) against the
// real server on a loopback port: a file over 10 MB is refused before anything is sent, with
// the limit in the message; while an image is sent the field shows its progress; then a
// preview and Replace, and the form sends the URL the server returned. A text file renamed
// .png gets the server's refusal under the field.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FastifyInstance } from 'fastify';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import { buildServer } from '../../../server/composition/app';
import { SEED_COINS } from '../../../server/funds/coins/coins';
import { captcha as captchaAnswer } from '../../../server/ops/commands';
import { api } from '../../../src/api/base';
import { configureApi } from '../../../src/api/baseQuery';
import * as depositForm from '../../../src/api/generated/screens/deposit-create';
import FormScreen from '../../../src/engine/FormScreen';
import type { ScreenModule } from '../../../src/engine/types';
import { createStore } from '../../../src/store';
import { pngImage, TEXT_BYTES } from '../../fixtures/images';
import { useLanguage } from '../render';
import { DepositOrigin } from '../../../server/funds/deposits/deposits';

let app: FastifyInstance;
let token = '';
/** Upload requests that reached the server */
let uploads = 0;
/** While set, upload requests wait for it (to see the widget mid-upload) */
let gate: Promise<void> | undefined;
/** Lets the held uploads through */
let release = () => {};

beforeAll(async () => {
  await useLanguage('en-US');
  app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'upload-widget-')), scheduler: false });
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/user/uploadBase64')) return;
    uploads++;
    await gate;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const cap = await app.inject({ method: 'POST', url: '/api/base/captcha' });
  const captchaId = cap.json().data.captchaId as string;
  const login = await app.inject({
    method: 'POST',
    url: '/api/base/login',
    payload: { username: 'demo@coinapp.test', password: 'demo123456', captchaId, captcha: await captchaAnswer(app.db, captchaId) },
  });
  token = login.json().data.token;
  (window as unknown as { happyDOM: { settings: { fetch: { disableSameOriginPolicy: boolean } } } }).happyDOM.settings.fetch.disableSameOriginPolicy = true;
  configureApi({ apiRoot: url, fetch: (...a) => globalThis.fetch(...a), getToken: () => token, getLang: () => 'en', schedule: (fn) => fn() });
});
afterAll(() => app.close());
afterEach(() => {
  gate = undefined;
  release();
  cleanup();
});

async function show() {
  const store = createStore({ token, user: null });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/bitcoin/payment']}>
        <FormScreen module={depositForm as unknown as ScreenModule} />
      </MemoryRouter>
    </Provider>,
  );
  // the upload widget's code loads with the first form that draws it
  await screen.findByLabelText(new RegExp(`^${en.deposit.proof}`), { selector: 'input[type=file]' });
}

const fileInput = () => screen.getByLabelText(new RegExp(`^${en.deposit.proof}`), { selector: 'input[type=file]' }) as HTMLInputElement;
const pick = (file: File) => act(() => fireEvent.change(fileInput(), { target: { files: [file] } }));
const png = () => new File([new Uint8Array(pngImage(60, 40))], 'proof.png', { type: 'image/png' });
async function storedUploads(): Promise<number> {
  const { n } = await app.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

describe('the upload widget', () => {
  it('takes a photo with the camera or chooses an image', async () => {
    await show();
    expect(fileInput().accept).toBe('image/*');
    const camera = document.getElementById(`${fileInput().id}__camera`) as HTMLInputElement;
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(screen.getByRole('button', { name: en.upload.takePhoto })).toBeTruthy();
    expect(screen.getByRole('button', { name: en.upload.chooseImage })).toBeTruthy();
    expect(screen.getByText('JPEG, PNG or WebP, at most 10 MB')).toBeTruthy();
  });

  it('refuses a file over 10 MB before sending it, saying the limit', async () => {
    await show();
    const before = { sent: uploads, stored: await storedUploads() };
    await pick(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The image is larger than 10 MB. Choose an image of at most 10 MB.');
    expect({ sent: uploads, stored: await storedUploads() }).toEqual(before);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('refuses a file of another type before sending it', async () => {
    await show();
    const before = uploads;
    await pick(new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.upload.notImage);
    expect(uploads).toBe(before);
  });

  it('shows progress while uploading, then a preview and Replace, and holds the returned URL', async () => {
    await show();
    gate = new Promise((resolve) => (release = resolve));
    const before = await storedUploads();
    await pick(png());
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(en.upload.uploading);
    expect(status.querySelector('progress')).not.toBeNull();
    expect(document.querySelector('.upload-widget')!.getAttribute('data-state')).toBe('uploading');
    expect(fileInput().disabled).toBe(true);
    await waitFor(() => expect(uploads).toBeGreaterThan(0));
    gate = undefined;
    release();
    const preview = (await screen.findByAltText(en.upload.preview)) as HTMLImageElement;
    expect(preview.src).toMatch(/^blob:/);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: en.upload.replace })).toBeTruthy();
    expect(document.querySelector('.upload-widget')!.getAttribute('data-state')).toBe('uploaded');
    expect(await storedUploads()).toBe(before + 1);

    // Replace: another image, another URL
    const first = preview.src;
    await pick(png());
    await waitFor(() => expect((screen.getByAltText(en.upload.preview) as HTMLImageElement).src).not.toBe(first));
    expect(await storedUploads()).toBe(before + 2);
  });

  it('shows the server’s refusal of a text file renamed .png under the field', async () => {
    await show();
    const before = await storedUploads();
    await pick(new File([new Uint8Array(TEXT_BYTES)], 'proof.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.upload.notImage);
    expect(await storedUploads()).toBe(before);
    expect(screen.queryByAltText(en.upload.preview)).toBeNull();
  });

  it('sends the deposit with the uploaded proof', async () => {
    await show();
    const address = SEED_COINS[0].networks[0].address;
    await screen.findByText(address);
    await act(() => fireEvent.change(screen.getByLabelText(new RegExp(en.deposit.amount)), { target: { value: '150' } }));
    // without a proof the form says what is missing and sends nothing
    const before = await app.db.selectFrom('deposits').selectAll().execute();
    await act(() => fireEvent.click(screen.getByRole('button', { name: en.deposit.submit })));
    expect(await screen.findByText(en.deposit.proofRequired)).toBeTruthy();
    await pick(png());
    await screen.findByAltText(en.upload.preview);
    await act(() => fireEvent.click(screen.getByRole('button', { name: en.deposit.submit })));
    await waitFor(async () => expect(await app.db.selectFrom('deposits').selectAll().execute()).toHaveLength(before.length + 1));
    const [row] = await app.db.selectFrom('deposits').selectAll().orderBy('id', 'desc').limit(1).execute();
    const [upload] = await app.db.selectFrom('uploads').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(row).toMatchObject({ coin: 'USDT', network: 'TRC20', address, amount: String(150n * 10n ** 8n), proof: upload.name, status: 1, origin: DepositOrigin.user });
    api.util.resetApiState();
  });
});
