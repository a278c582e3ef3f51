// Envelope, languages, unknown routes, malformed bodies, internal errors, site config, static app.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../contract/loader.ts';
import { buildServer } from '../../server/composition/app.ts';
import { call, msg, ROOT, startServer, type TestServer, tempDir } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  s.app.get('/api/test/boom', async () => {
    throw new Error('boom');
  });
});
afterAll(() => s.app.close());

describe('envelope and errors', () => {
  it('GET /base/site answers the app version and name', async () => {
    const r = await call(s.app, 'GET', '/base/site');
    expect(r).toMatchObject({ status: 200, code: 0, data: { version: loadConfig<{ version: string }>('app').version, name: 'CoinApp' } });
    expect(r.data.version).toBe('1.3.5');
    expect(r.msg).toBe(msg('en', 'common.ok'));
  });

  it('an unknown /api route is HTTP 404 with envelope code 404', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/base/nothing'],
      ['GET', '/base/login'],
    ]) {
      const r = await call(s.app, method, path);
      expect(r).toMatchObject({ status: 404, code: 404, data: null });
      expect(r.msg).toBe(msg('en', 'errors.notFound'));
    }
  });

  it('malformed JSON is HTTP 400 with code 7 validation.badJson, not a 500', async () => {
    for (const payload of ['{"username": ', '', '[1,']) {
      const res = await s.app.inject({ method: 'POST', url: '/api/base/login', headers: { 'content-type': 'application/json', lang: 'jp' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 7, msg: msg('jp', 'validation.badJson'), data: null });
    }
  });

  it('a body that is not an object is code 7; an unsupported content type is HTTP 415 errors.unsupportedType', async () => {
    const text = await s.app.inject({ method: 'POST', url: '/api/base/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.json().code).toBe(7);
    const xml = await s.app.inject({ method: 'POST', url: '/api/base/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ code: 7, msg: msg('en', 'errors.unsupportedType'), data: null });
    const array = await call(s.app, 'POST', '/base/login', { body: [1, 2] });
    expect(array.code).toBe(7);
  });

  it('an unexpected exception is HTTP 500 with errors.internal', async () => {
    const r = await call(s.app, 'GET', '/test/boom', { lang: 'de' });
    expect(r).toMatchObject({ status: 500, code: 500, data: { requestId: expect.any(String) } });
    expect(r.msg).toBe(msg('de', 'errors.internal'));
  });
});

describe('languages', () => {
  it('translates msg by the lang header prefix, falling back per key to en-US (jp)', async () => {
    const r = await call(s.app, 'POST', '/base/login', { body: {}, lang: 'jp' });
    expect(r.code).toBe(7);
    expect(r.msg).toBe(msg('jp', 'validation.usernameRequired'));
  });

  it('an unknown or missing lang is en-US', async () => {
    const r = await call(s.app, 'POST', '/base/login', { body: {}, lang: 'xx' });
    expect(r.msg).toBe(msg('en', 'validation.usernameRequired'));
  });

  it('uses a locale file when present and en-US for its missing keys', async () => {
    const locales = tempDir('locales-');
    cpSync(join(ROOT, 'locales/en-US.json'), join(locales, 'en-US.json'));
    writeFileSync(
      join(locales, 'de-DE.json'),
      JSON.stringify({ validation: { usernameRequired: 'Geben Sie Ihre E-Mail oder Handynummer ein' }, common: { ok: 'OK' } }),
    );
    const t = await startServer({ localesDir: locales });
    try {
      const de = await call(t.app, 'POST', '/base/login', { body: {}, lang: 'de' });
      expect(de.msg).toBe('Geben Sie Ihre E-Mail oder Handynummer ein');
      expect(de.msg).toBe(msg('de', 'validation.usernameRequired', {}, locales));
      // A key the German file lacks comes from en-US.
      const bad = await call(t.app, 'POST', '/base/login', { body: { username: 'x' }, lang: 'de' });
      expect(bad.msg).toBe(msg('en', 'validation.passwordRequired'));
      const captcha = await call(t.app, 'POST', '/base/login', {
        body: { username: 'demo@coinapp.test', password: 'whatever1', captcha: '0000', captchaId: 'nope' },
        lang: 'de',
      });
      expect(captcha).toMatchObject({ code: 4005, msg: msg('en', 'errors.4005') });
    } finally {
      await t.app.close();
    }
  });
});

describe('static app', () => {
  it('serves the built app at / with index.html for other non-API GETs', async () => {
    const dist = tempDir('dist-');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>CoinApp</title>');
    writeFileSync(join(dist, 'assets/app.js'), 'console.log(1)');
    const t = await startServer({ staticDir: dist });
    try {
      const root = await t.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain('<title>CoinApp</title>');
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.body).toBe('console.log(1)');
      const deep = await t.app.inject({ method: 'GET', url: '/pages/home/home' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>CoinApp</title>');
      const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
      expect(missingAsset.statusCode).toBe(404);
      const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe(404);
      const site = await t.app.inject({ method: 'GET', url: '/api/base/site' });
      expect(site.json().code).toBe(0);
    } finally {
      await t.app.close();
    }
  });

  it('starts without a static dir when it does not exist', async () => {
    const app = await buildServer({ dataDir: tempDir(), staticDir: join(tempDir(), 'missing') });
    try {
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
