// npm run dev: the API server (restarting on change) and Vite's dev server with
// hot reload, which proxies /api and /ws to it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/composition/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: port, STATIC_DIR: '' } }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', env: { ...process.env, API_TARGET: `http://127.0.0.1:${port}` } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
