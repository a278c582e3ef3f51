// Every schema file with a payload is served, and validated with that schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScreens } from '../../contract/loader.ts';
import { call, startServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.app.close());

describe('schema files', () => {
  const screens = loadScreens().filter((l) => l.screen.payload);

  it('there are payload schemas to check', () => {
    expect(screens.length).toBeGreaterThanOrEqual(9);
  });

  for (const { source, screen } of screens) {
    it(`${screen.endpoint.method} ${screen.endpoint.path} (${source}) is routed and validates`, async () => {
      const r = await call(s.app, screen.endpoint.method, screen.endpoint.path, { body: { notAField: 1 } });
      expect(r.status).toBe(200);
      // Authenticated endpoints answer 4015 before validating; public ones answer code 7.
      expect(r.code).toBe(screen.auth === false ? 7 : 4015);
    });
  }
});
