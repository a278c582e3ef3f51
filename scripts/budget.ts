// npm run budget: gzip size of what each route loads, from Vite's build manifest.
// Home: the entry, its static imports, the home screen and the active locale.
// A form screen: what opening a form adds on top of home (the form engine with
// rjsf, the screen module and its precompiled validator).
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { inlineScripts } from '../contract/inline-scripts.ts';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, Chunk>;

// home 146.2 → 146.7: the live-price flash and the signed-in bell (issue 39); the signed-in banner and first steps are a lazy chunk
const BUDGET_KB = { homeJs: 146.7, formAddsJs: 61, loginAddsJs: 61, depositAddsJs: 75, chartAddsJs: 200, securityAddsJs: 20, secondStepAddsJs: 10 };

execSync('npx vite build --manifest --logLevel error', { stdio: 'inherit' });
const dist = 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const walk = (key: string) => {
    const c = manifest[key];
    if (!c) throw new Error(`no chunk for ${key} in the build manifest`);
    if (files.has(c.file)) return;
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    for (const i of c.imports ?? []) walk(i);
  };
  for (const k of keys) walk(k);
  return files;
}

const sum = (files: Iterable<string>, ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((n, f) => n + gz(f), 0);
const kb = (bytes: number) => (bytes / 1024).toFixed(2);

const home = closure(['index.html', 'src/screens/home/HomeScreen.tsx', 'locales/en-US.json']);
// index.html's inline boot script (src/app/boot.ts) is home's JavaScript too; its JSON data block is not code
const inlineJs = inlineScripts(readFileSync(join(dist, 'index.html'), 'utf8')).reduce((n, script) => n + gzipSync(script, { level: 9 }).length, 0);
const form = closure(['src/engine/FormScreen.tsx', 'src/api/generated/screens/bank-card-add.ts']);
const formAdds = [...form].filter((f) => !home.has(f));
// The login form (issue 24): the form engine and its module (the captcha widget is in the form bundle)
const login = closure(['src/engine/FormScreen.tsx', 'src/api/generated/screens/login.ts']);
const loginAdds = [...login].filter((f) => !home.has(f));
// Account security (issue 25): the security page (the QR code and the WebAuthn library load on demand) and the sign-in's second step
const security = closure(['src/screens/user/SecurityScreen.tsx']);
const securityAdds = [...security].filter((f) => !home.has(f));
const secondStep = closure(['src/screens/login/SecondStepScreen.tsx']);
const secondStepAdds = [...secondStep].filter((f) => !home.has(f));
// The deposit form: the form engine, its module, the upload widget and the QR code (both load on demand)
const qrKey = Object.keys(manifest).find((k) => k.includes('qrcode.react'));
if (!qrKey) throw new Error('no qrcode.react chunk in the build manifest: the QR code must load on demand');
const deposit = closure(['src/engine/FormScreen.tsx', 'src/api/generated/screens/deposit-create.ts', 'src/widgets/upload/UploadWidget.tsx', qrKey]);
const depositAdds = [...deposit].filter((f) => !home.has(f));
const chart = closure(['src/screens/deal/chart/ChartScreen.tsx']);
const chartAdds = [...chart].filter((f) => !home.has(f));
// echarts must load only on the chart route: no other route's closure may contain it
const echartsElsewhere = Object.keys(manifest)
  .filter((k) => !k.includes('/chart/') && manifest[k].isEntry)
  .some((k) => [...closure([k])].some((f) => readFileSync(join(dist, f), 'utf8').includes('echarts')));
const rows = [
  { route: 'home (/home/home)', js: sum(home, '.js') + inlineJs, css: sum(home, '.css'), budget: BUDGET_KB.homeJs },
  { route: 'form screen adds (/user/addBank)', js: sum(formAdds, '.js'), css: sum(formAdds, '.css'), budget: BUDGET_KB.formAddsJs },
  { route: 'login form adds (/login/login)', js: sum(loginAdds, '.js'), css: sum(loginAdds, '.css'), budget: BUDGET_KB.loginAddsJs },
  { route: 'deposit form adds (/bitcoin/payment)', js: sum(depositAdds, '.js'), css: sum(depositAdds, '.css'), budget: BUDGET_KB.depositAddsJs },
  { route: 'chart route adds (/deal/chart)', js: sum(chartAdds, '.js'), css: sum(chartAdds, '.css'), budget: BUDGET_KB.chartAddsJs },
  { route: 'security page adds (/user/security)', js: sum(securityAdds, '.js'), css: sum(securityAdds, '.css'), budget: BUDGET_KB.securityAddsJs },
  { route: 'second step adds (/login/verify)', js: sum(secondStepAdds, '.js'), css: sum(secondStepAdds, '.css'), budget: BUDGET_KB.secondStepAddsJs },
];
const ajvCompilerInForm = formAdds.some((f) => /new Function|ajv\/dist\/compile/.test(readFileSync(join(dist, f), 'utf8')));

console.log('\nroute                               JS gz KB   CSS gz KB   budget JS KB');
for (const r of rows) console.log(`${r.route.padEnd(36)}${kb(r.js).padStart(8)}${kb(r.css).padStart(12)}${String(r.budget).padStart(15)}`);
console.log(`home's JS includes index.html's inline boot script: ${kb(inlineJs)} KB`);
console.log(`Ajv compiler in the form bundle: ${ajvCompilerInForm ? 'YES' : 'no'}`);
console.log(`echarts outside the chart route: ${echartsElsewhere ? 'YES' : 'no'}`);
const over = rows.filter((r) => r.js / 1024 > r.budget);
if (over.length || ajvCompilerInForm || echartsElsewhere) {
  console.error(`over budget: ${over.map((r) => r.route).join(', ')}${ajvCompilerInForm ? ' (Ajv compiler in the browser)' : ''}`);
  process.exit(1);
}
