// server/platform/http/answer-recorder.ts: with a folder set, every answer of an API operation is
// written down (method, the operation's path, status, body) for scripts/check-answers.ts.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, startServer, type TestServer } from '../../helpers.ts';

const before = process.env.API_ANSWERS_DIR;
let s: TestServer | undefined;
afterEach(async () => {
  await s?.app.close();
  if (before === undefined) delete process.env.API_ANSWERS_DIR;
  else process.env.API_ANSWERS_DIR = before;
});

const recorded = (dir: string) =>
  readdirSync(dir).flatMap((f) =>
    readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  );

describe('the answer recorder', () => {
  it('writes each API answer with its operation, status and body', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'answers-test-'));
    process.env.API_ANSWERS_DIR = dir;
    s = await startServer({ scheduler: false });
    await call(s.app, 'GET', '/coin/getCoinList');
    await call(s.app, 'POST', '/base/login', { body: { username: 'nobody@example.com' } });
    const answers = recorded(dir);
    expect(answers).toContainEqual(expect.objectContaining({ method: 'GET', path: '/coin/getCoinList', status: 200 }));
    const login = answers.find((a) => a.path === '/base/login');
    expect(login).toMatchObject({ method: 'POST', status: 200 });
    expect(JSON.parse(login.body)).toMatchObject({ code: 7 });
  });
});
