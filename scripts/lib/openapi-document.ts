// The OpenAPI document exactly as the server serves it at /api/openapi.json, from
// `npm run ops -- openapi` (scripts/check-api.ts lints it, scripts/check-answers.ts checks recorded
// answers against it). A child process: scripts do not import the server.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export type Schema = Record<string, unknown>;

export interface OpenApi extends Schema {
  paths: Record<string, Record<string, Schema>>;
  components: Schema;
}

export async function servedOpenApi(): Promise<OpenApi> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', 'openapi'], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as OpenApi;
}
