// GET /api/openapi.json: the OpenAPI 3.1 document generated from the schema files is valid
// (@readme/openapi-parser), documents every endpoint the registry serves and nothing else,
// with auth, paging bounds, filter values, request bodies, the envelope and the error codes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, loadScreens } from '../../contract/loader.ts';
import { PAGE_SIZE_MAX } from '../../server/core/config.ts';
import { routesOf } from '../../server/platform/http/endpoints.ts';
import { toOas31 } from '../../server/platform/http/openapi.ts';
import { Validator } from '../../server/platform/http/validation.ts';
import { type Loose, ROOT, startServer, type TestServer } from './helpers.ts';

const routes = routesOf(loadScreens(), new Validator(), {
  coins: loadConfig<{ coins: { coin: string }[] }>('coins').coins.map((c) => c.coin),
  pairs: loadConfig<{ markets: { symbol: string }[] }>('markets').markets.map((m) => m.symbol),
});

let s: TestServer;
let doc: Loose;
beforeAll(async () => {
  s = await startServer();
  const res = await s.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(() => s.app.close());

const op = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];
const param = (o: Loose, name: string) => o.parameters.find((p: Loose) => p.name === name);
/** A schema and each of its anyOf alternatives. */
const variants = (schema: Loose): Loose[] => [schema, ...(schema.anyOf ?? [])];

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('is public and served again unchanged', async () => {
    const again = await s.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'x-token': 'nonsense' } });
    expect(again.json()).toEqual(doc);
  });

  it('documents every endpoint of the schema files, by its name, and no other path', () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) {
      const o = op(r.method, r.path);
      expect(o, `${r.method} ${r.path}`).toBeDefined();
      expect(o.operationId).toBe(r.endpoints[0].name);
      expect(o['x-endpoints'].map((e: Loose) => e.name)).toEqual(r.endpoints.map((e) => e.name));
    }
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  it('asks for X-Token on the authenticated customer endpoints (4015–4017) and X-Admin-Token with the roles on the operator ones (4103–4105)', () => {
    expect(doc.components.securitySchemes.XToken).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Token' }));
    for (const r of routes) {
      const o = op(r.method, r.path);
      expect(o.security, `${r.method} ${r.path}`).toEqual(r.auth ? [r.operator ? { AdminToken: [] } : { XToken: [] }] : []);
      const codes: number[] = o.responses['200'].content['application/json'].schema.oneOf[1].properties.code.enum;
      expect(codes).toEqual(expect.arrayContaining([7, 4024]));
      // a customer's session: no, a bad or an expired token, and a barred or frozen account
      for (const c of [4015, 4016, 4017, 4007, 4008])
        expect(codes.includes(c), `${r.method} ${r.path} ${c}`).toBe((r.auth && !r.operator) || (c >= 4007 && c <= 4008 && r.path === '/base/login'));
      for (const c of [4103, 4104, 4105]) expect(codes.includes(c), `${r.method} ${r.path} ${c}`).toBe(r.auth && r.operator);
      // a back-office endpoint names the roles that may call it
      expect(o['x-roles'], `${r.method} ${r.path}`).toEqual(r.auth && r.operator ? r.endpoints[0].roles : undefined);
      // and refuses the others with HTTP 403 naming those roles, except what any operator may call
      const gated = r.auth && r.operator && !['adminMe', 'adminChangePassword', 'adminLogout'].includes(r.endpoints[0].name);
      expect(o.responses['403'], `${r.method} ${r.path}`).toEqual(gated ? { $ref: '#/components/responses/RoleRefused' } : undefined);
      expect(o.parameters).toContainEqual({ $ref: '#/components/parameters/Lang' });
    }
    expect(doc.components.parameters.Lang).toMatchObject({ name: 'lang', in: 'header' });
  });

  it('documents a list’s paging bounds and its filter values', () => {
    const futures = op('GET', '/hyorder/myHyorderList');
    expect(param(futures, 'page').schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(param(futures, 'pageSize').schema).toEqual({ type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX });
    const spot = op('GET', '/bborder/myBborderList');
    expect(variants(param(spot, 'pageSize').schema)).toContainEqual({ type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX });
    expect(variants(param(spot, 'status').schema)).toContainEqual({ enum: ['', 1, 2, 3] });
    expect(variants(param(spot, 'symbol').schema).some((v) => v.enum?.includes('btcusdt'))).toBe(true);
    expect(param(op('GET', '/bborder/findBborder'), 'ID')).toMatchObject({ in: 'query', required: true, schema: { type: 'integer', minimum: 1 } });
  });

  it('documents a form’s request body with its required fields, and the envelope of its response', () => {
    const login = op('POST', '/base/login');
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['username', 'password', 'captcha', 'captchaId']));
    expect(body.properties.password).toMatchObject({ type: 'string', minLength: 1, maxLength: 64 });
    const [success, failure] = login.responses['200'].content['application/json'].schema.oneOf;
    // a session, or the second step's ticket for an account with a second factor
    expect(success.properties).toMatchObject({
      code: { const: 0 },
      msg: { type: 'string' },
      data: { anyOf: [{ $ref: '#/components/schemas/Session' }, { $ref: '#/components/schemas/SecondFactorChallenge' }] },
    });
    expect(failure.$ref).toBe('#/components/schemas/Error');
    expect(doc.components.schemas.Error.properties.code.enum).toEqual(expect.arrayContaining([7, 4002, 4015, 4024, 4026]));
    expect(doc.components.schemas.Session.properties.user).toEqual({ $ref: '#/components/schemas/User' });
    const page = op('GET', '/hyorder/myHyorderList').responses['200'].content['application/json'].schema.oneOf[0].properties.data;
    expect(page.properties.list.items).toEqual({ $ref: '#/components/schemas/FuturesOrder' });
  });

  it('declares the HTTP statuses a request can be refused with, each with its envelope, and a 500 with code 500', () => {
    for (const r of routes) {
      const responses = op(r.method, r.path).responses;
      for (const [status, name] of Object.entries({
        '400': 'BadRequest',
        '413': 'TooLarge',
        '414': 'UrlTooLong',
        '415': 'UnsupportedType',
        '503': 'Unavailable',
      }))
        expect(responses[status], `${r.method} ${r.path} ${status}`).toEqual({ $ref: `#/components/responses/${name}` });
      expect(responses['500']).toEqual({ $ref: '#/components/responses/ServerError' });
    }
    expect(doc.components.responses.TooLarge.content['application/json'].schema.properties.code).toEqual({ const: 7 });
    expect(doc.components.responses.ServerError.content['application/json'].schema.properties.code).toEqual({ const: 500 });
  });

  it("declares the codes a schema file names for its endpoint (login's wrong password, the operator sign-in's refusal)", () => {
    const codesOf = (method: string, path: string): number[] => op(method, path)['x-codes'];
    expect(codesOf('POST', '/base/login')).toEqual(expect.arrayContaining([4002, 4007, 4008]));
    expect(codesOf('POST', '/admin/login')).toEqual(expect.arrayContaining([4101, 4102]));
    // the operator token names its sign-in as the schema file declares it (no path written in openapi.ts)
    expect(doc.components.securitySchemes.AdminToken.description).toMatch(/^An operator session token of POST \/admin\/login \(back office\)/);
    // a generator's keyword is not a reader's: no tsType anywhere
    expect(JSON.stringify(doc)).not.toMatch(/"tsType"|"tsEnumNames"/);
  });

  it('converts draft-07 keywords to the 2020-12 dialect of OpenAPI 3.1 and keeps our x- keywords', () => {
    const converted = toOas31({
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { n: { type: 'integer' } },
      properties: {
        items: { items: [{ $ref: '#/definitions/n' }], additionalItems: false },
        amount: { type: 'string', 'x-limits': { maximum: 'asset.available' } },
      },
      dependencies: { a: ['b'], c: { required: ['d'] } },
    });
    expect(converted).toEqual({
      $defs: { n: { type: 'integer' } },
      properties: { items: { prefixItems: [{ $ref: '#/$defs/n' }], items: false }, amount: { type: 'string', 'x-limits': { maximum: 'asset.available' } } },
      dependentRequired: { a: ['b'] },
      dependentSchemas: { c: { required: ['d'] } },
    });
  });
});

describe('the API page', () => {
  it('loads its script from a file (no inline script for the CSP) and reads the document', () => {
    const html = readFileSync(join(ROOT, 'public/api.html'), 'utf8');
    expect(html).toMatch(/<script src="api\.js" defer><\/script>/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=|https?:\/\//);
    expect(readFileSync(join(ROOT, 'public/api.js'), 'utf8')).toContain("'api/openapi.json'");
  });
});
