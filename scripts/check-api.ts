// `npm run check:api` (a step of npm run checks): the OpenAPI document the server serves, linted by
// Spectral (spectral:oas) and Redocly (recommended) with their rulesets in scripts/api-lint/. Any
// error fails; warnings are printed as counts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { servedOpenApi } from './lib/openapi-document.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'check-api-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(await servedOpenApi()));

interface Outcome {
  tool: string;
  ok: boolean;
  out: string;
}

async function lint(tool: string, args: string[]): Promise<Outcome> {
  try {
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout, stderr } = await run(join('node_modules', '.bin', tool), args, { env, maxBuffer: 64 * 1024 * 1024 });
    return { tool, ok: true, out: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    return { tool, ok: false, out: (e.stdout ?? '') + (e.stderr ?? '') || e.message };
  }
}

const outcomes = await Promise.all([
  lint('spectral', ['lint', '--ruleset', 'scripts/api-lint/spectral.yaml', '--fail-severity', 'error', '--format', 'text', file]),
  lint('redocly', ['lint', '--config', 'scripts/api-lint/redocly.yaml', '--format', 'summary', file]),
]);
rmSync(dir, { recursive: true, force: true });
for (const o of outcomes) {
  // the findings and the verdict, not the tools' banners
  const all = o.out.split('\n').filter((l) => l.trim() && !/[║╔╚]/.test(l));
  const findings = all.filter((l) => /\b(error|warning)\b|problem|valid/i.test(l));
  // a tool that could not run says why in lines of its own
  const lines = findings.length || o.ok ? findings : all.slice(0, 30);
  console.log(`check:api: ${o.tool} ${o.ok ? 'ok' : 'FAILED'}`);
  if (!o.ok || lines.length) console.log(lines.map((l) => `  ${l}`).join('\n'));
}
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
