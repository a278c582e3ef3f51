// Locked down: security headers on every kind of response, CORS for configured origins only,
// and framework errors as translated {code, msg, data} envelopes with their 4xx status.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityConfig } from '../../server/core/config.ts';
import { BODY_LIMIT, MAX_URL_LENGTH } from '../../server/platform/http/security.ts';
import { msg, startServer, type TestServer, tempDir } from './helpers.ts';

const ALLOWED = 'capacitor://localhost';
let s: TestServer;
beforeAll(async () => {
  const dist = tempDir('dist-');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>CoinApp</title><script type="module" src="/assets/app-abc123.js"></script>');
  writeFileSync(join(dist, 'assets/app-abc123.js'), 'console.log(1)');
  mkdirSync(join(dist, 'admin'));
  writeFileSync(
    join(dist, 'admin/admin.html'),
    '<!doctype html><title>CoinApp back office</title><script type="module" src="/admin/assets/main-abc.js"></script>',
  );
  s = await startServer({ staticDir: dist, security: { corsOrigins: [ALLOWED], connectSrc: ['https://api.example.com'], hsts: false } });
  s.app.get('/api/test/boom', async () => {
    throw new Error('boom');
  });
});
afterAll(() => s.app.close());

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

function expectLockedDown(res: LightMyRequestResponse): void {
  const csp = directives(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:80', 'wss://localhost:80', 'https://api.example.com']);
  for (const values of csp.values()) expect(values).not.toContain("'unsafe-eval'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const permissions = String(res.headers['permissions-policy']);
  expect(permissions).toContain('camera=(self)');
  expect(permissions).toContain('geolocation=(self)');
  expect(permissions).toContain('microphone=()');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('are on an API response, a static file, index.html, the SPA fallback, a 404 and an error', async () => {
    const responses = {
      api: await s.app.inject({ method: 'GET', url: '/api/base/site' }),
      asset: await s.app.inject({ method: 'GET', url: '/assets/app-abc123.js' }),
      index: await s.app.inject({ method: 'GET', url: '/' }),
      fallback: await s.app.inject({ method: 'GET', url: '/home/home' }),
      backOffice: await s.app.inject({ method: 'GET', url: '/admin/reviews' }),
      notFound: await s.app.inject({ method: 'GET', url: '/api/nope' }),
      missingAsset: await s.app.inject({ method: 'GET', url: '/assets/nope-abc.js' }),
      validation: await s.app.inject({ method: 'POST', url: '/api/base/login', payload: {} }),
      internal: await s.app.inject({ method: 'GET', url: '/api/test/boom' }),
      badUrl: await s.app.inject({ method: 'GET', url: '/api/base/%zz' }),
    };
    expect(responses.api.statusCode).toBe(200);
    // the back office's page on its routes, the app's page on every other
    expect(responses.backOffice.body).toContain('CoinApp back office');
    expect(responses.backOffice.headers['x-frame-options']).toBe('DENY');
    expect(responses.fallback.body).not.toContain('back office');
    expect((await s.app.inject({ method: 'GET', url: '/admin' })).body).toContain('CoinApp back office');
    expect(responses.notFound.statusCode).toBe(404);
    expect(responses.internal.statusCode).toBe(500);
    expect(responses.badUrl.statusCode).toBe(400);
    for (const [name, res] of Object.entries(responses)) {
      try {
        expectLockedDown(res);
      } catch (error) {
        throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
      }
    }
  });

  it('allows inline styles (React style props, echarts tooltips) but never inline or eval scripts', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const script = directives(res).get('script-src') ?? [];
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('a Host header that is not a host name is not echoed into connect-src', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/base/site', headers: { host: "evil; script-src 'unsafe-inline'" } });
    expect(directives(res).get('script-src')).toEqual(["'self'"]);
    expect(directives(res).get('connect-src')).toEqual(["'self'", 'https://api.example.com']);
  });

  it('HSTS when configured (HSTS=1) or served over TLS', async () => {
    expect(securityConfig({ HSTS: '1' }).hsts).toBe(true);
    expect(securityConfig({}).hsts).toBe(false);
    const t = await startServer({ security: { hsts: true } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/base/site' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.app.close();
    }
  });

  it('reads CSP_CONNECT_SRC, VITE_API_ROOT, VITE_FEED_URL and CORS_ORIGINS from the environment', () => {
    const c = securityConfig({
      CSP_CONNECT_SRC: 'https://a.example/x, wss://feed.example:8443',
      VITE_API_ROOT: 'https://api.example',
      VITE_FEED_URL: 'wss://feed.example:8443/ws',
      CORS_ORIGINS: 'capacitor://localhost,https://localhost',
    });
    expect(c.connectSrc).toEqual(['https://a.example', 'wss://feed.example:8443', 'https://api.example']);
    expect(c.corsOrigins).toEqual(['capacitor://localhost', 'https://localhost']);
    expect(securityConfig({}).corsOrigins).toEqual([]);
    expect(() => securityConfig({ CSP_CONNECT_SRC: 'not a url' })).toThrow(/CSP_CONNECT_SRC/);
  });
});

describe('CORS', () => {
  it('a configured origin gets Access-Control-Allow-Origin without credentials; another origin does not', async () => {
    const ok = await s.app.inject({ method: 'GET', url: '/api/base/site', headers: { origin: ALLOWED } });
    expect(ok.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(ok.headers.vary)).toMatch(/Origin/);
    const refused = await s.app.inject({ method: 'GET', url: '/api/base/site', headers: { origin: 'https://evil.example' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.json().code).toBe(0);
  });

  it('answers the preflight: allow headers and methods for a configured origin only', async () => {
    const preflight = (origin: string) =>
      s.app.inject({
        method: 'OPTIONS',
        url: '/api/base/login',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-token, lang, idempotency-key' },
      });
    const ok = await preflight(ALLOWED);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(ok.headers['access-control-allow-methods'])).toContain('POST');
    const allowed = String(ok.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    for (const h of ['x-token', 'lang', 'content-type', 'idempotency-key']) expect(allowed).toContain(h);
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    const refused = await preflight('https://evil.example');
    expect(refused.statusCode).toBe(204);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('no origin is allowed by default', async () => {
    const t = await startServer({ security: { corsOrigins: [], connectSrc: [], hsts: false } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/base/site', headers: { origin: ALLOWED } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.app.close();
    }
  });
});

describe('framework errors', () => {
  const cases: { name: string; status: number; key: string; params?: { max: number }; request: InjectOptions & { headers?: Record<string, string> } }[] = [
    // the limits, in characters, are in the messages
    {
      name: 'URL too long',
      status: 414,
      key: 'errors.urlTooLong',
      params: { max: 8192 },
      request: { method: 'GET', url: `/api/base/site?q=${'a'.repeat(MAX_URL_LENGTH)}` },
    },
    { name: 'bad percent-encoding', status: 400, key: 'errors.badEncoding', request: { method: 'GET', url: '/api/user/%E0%A4%A' } },
    {
      name: 'body too large',
      status: 413,
      key: 'errors.tooLarge',
      // the limit, in whole megabytes, is in the message
      params: { max: 14 },
      request: {
        method: 'POST',
        url: '/api/base/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'x'.repeat(BODY_LIMIT) }),
      },
    },
    {
      name: 'wrong content type',
      status: 415,
      key: 'errors.unsupportedType',
      request: { method: 'POST', url: '/api/base/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
    },
    {
      name: 'malformed JSON',
      status: 400,
      key: 'validation.badJson',
      request: { method: 'POST', url: '/api/base/login', headers: { 'content-type': 'application/json' }, payload: '{"a":' },
    },
  ];

  for (const c of cases) {
    it(`${c.name}: HTTP ${c.status}, code 7 and ${c.key} in the caller's language`, async () => {
      for (const lang of ['de', 'jp', 'tw', undefined]) {
        const res = await s.app.inject({ ...c.request, headers: { ...c.request.headers, ...(lang ? { lang } : {}) } });
        expect(res.statusCode).toBe(c.status);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({ code: 7, msg: msg(lang ?? 'en', c.key, c.params), data: null });
        expectLockedDown(res);
      }
      expect(msg('de', c.key)).not.toBe(msg('en', c.key));
    });
  }

  it('states the address limit in the language’s numbers', async () => {
    const tooLong = async (url: string, lang: string) => (await s.app.inject({ method: 'GET', url, headers: { lang } })).json().msg;
    const longUrl = `/api/base/site?q=${'a'.repeat(MAX_URL_LENGTH)}`;
    expect(await tooLong(longUrl, 'en')).toBe('The address is too long: at most 8,192 characters are allowed');
    expect(await tooLong(longUrl, 'de')).toBe('Die Adresse ist zu lang: höchstens 8.192 Zeichen sind erlaubt');
    expect(await tooLong(longUrl, 'ru')).toBe('Адрес слишком длинный: допускается не более 8\u00a0192 символов');
    // an upload's name past the router's 100 characters is a name like any other nobody has
    expect((await s.app.inject({ method: 'GET', url: `/uploads/${'a'.repeat(101)}.png` })).statusCode).toBe(404);
  });

  it('an upload of 10 MB sent as base64 fits the body limit', () => {
    expect(BODY_LIMIT).toBeGreaterThan(Math.ceil((10 * 1024 * 1024 * 4) / 3) + 64 * 1024);
  });
});

describe("index.html's inline boot script", () => {
  it('is allowed by its sha256 and nothing else inline is: a JSON data block needs no hash, an edited script matches none', async () => {
    const dist = tempDir('dist-boot-');
    const boot = 'document.documentElement.dataset.theme="dark"';
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><title>CoinApp</title><script type="application/json" id="boot-data">{"a":1}</script><script>${boot}</script>`,
    );
    const server = await startServer({ staticDir: dist });
    try {
      const script = directives(await server.app.inject({ method: 'GET', url: '/' })).get('script-src');
      const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
      expect(script).toEqual(["'self'", hash]);
      // what a browser computes for the script as it would run after an edit
      expect(script).not.toContain(`'sha256-${createHash('sha256').update(`${boot};alert(1)`).digest('base64')}'`);
      expect(script).not.toContain("'unsafe-inline'");
      // every response carries it, the API's too
      expect(directives(await server.app.inject({ method: 'POST', url: '/api/base/site', payload: {} })).get('script-src')).toEqual(["'self'", hash]);
    } finally {
      await server.app.close();
    }
  });
});
