// `tsx scripts/check-answers.ts DIR`: every API answer recorded in DIR during a test run
// (API_ANSWERS_DIR, server/platform/http/answer-recorder.ts) must match the OpenAPI document:
// a documented operation, a declared HTTP status, the body in that status's schema with a result
// code the operation declares. Run by scripts/test-unit.ts after the unit suite.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerChecker, type RecordedAnswer } from './lib/answer-check.ts';
import { servedOpenApi } from './lib/openapi-document.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx scripts/check-answers.ts DIR');
  process.exit(2);
}
function* answers(): Generator<RecordedAnswer> {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl')))
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) if (line) yield JSON.parse(line) as RecordedAnswer;
}

const all = [...answers()];
const mismatches = answerChecker(await servedOpenApi())(all);
const operations = new Set(all.map((a) => `${a.method} ${a.path}`)).size;
if (!mismatches.length) {
  console.log(`check:answers: ${all.length} answers of ${operations} operations match the OpenAPI document`);
  process.exit(0);
}
console.error(`check:answers: ${mismatches.length} kinds of answer do not match the OpenAPI document (of ${all.length} answers):`);
for (const m of mismatches.sort((a, b) => a.where.localeCompare(b.where))) console.error(`  ${m.where}: ${m.problem} (${m.count}×)`);
process.exit(1);
