// The real server for a script that drives a browser (npm run lighthouse, npm run budget): `npm start`
// (server/composition/start.ts) as a child process, and the demo user's session signed in through the API.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

/** The demo account server/composition/seed.ts creates (README). */
export const DEMO = { username: 'demo@coinapp.test', password: 'demo123456' };

/** `npm start` with its own data and build; resolves once it listens. */
export async function startServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/composition/start.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ready, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('App: http')) ready();
    });
    child.on('exit', (code) => fail(new Error(`npm start exited with ${code}:\n${out}`)));
  });
  return child;
}

/** Stops a server startServer started; resolves once it has exited. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
}

async function api<T>(origin: string, path: string, body: object = {}): Promise<T> {
  const res = await fetch(`${origin}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 0) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}

/** The demo user's session as the app stores it in localStorage after a login, with the captcha answer the operator CLI reads. */
export async function demoSession(origin: string, dataDir: string): Promise<string> {
  const { captchaId } = await api<{ captchaId: string }>(origin, '/base/captcha');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', 'captcha', captchaId], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
  const session = await api<{ token: string; user: object }>(origin, '/base/login', { ...DEMO, captchaId, captcha: stdout.trim() });
  return JSON.stringify({ token: session.token, user: session.user });
}
