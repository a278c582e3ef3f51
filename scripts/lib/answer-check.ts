// Checks answers the server gave (server/platform/http/answer-recorder.ts) against the OpenAPI
// document: the operation is documented, its HTTP status is declared, and the body matches that
// status's schema (which also lists the result codes the operation may answer).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApi, Schema } from './openapi-document.ts';

/** One line of a file the server's answer recorder writes (server/platform/http/answer-recorder.ts). */
export interface RecordedAnswer {
  method: string;
  /** The operation's path as the document names it (/user/login) */
  path: string;
  status: number;
  body: string;
}

export interface Mismatch {
  /** "POST /user/login 200" */
  where: string;
  problem: string;
  count: number;
}

const DOC_ID = 'openapi';

/** Local refs (#/components/…) pointed at the document, which Ajv holds under DOC_ID. */
function pointAtDocument(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtDocument);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${DOC_ID}${v}` : pointAtDocument(v)]),
  );
}

export function answerChecker(doc: OpenApi): (answers: Iterable<RecordedAnswer>) => Mismatch[] {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats.default(ajv);
  ajv.addSchema({ $id: DOC_ID, components: doc.components } as Schema);
  const compiled = new Map<string, ValidateFunction | null>();

  const responseOf = (op: Schema, status: number): Schema | undefined => {
    const responses = op.responses as Record<string, Schema>;
    let r = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (r && typeof r.$ref === 'string') r = (doc.components as Record<string, Record<string, Schema>>).responses[r.$ref.split('/').pop()!];
    return r;
  };
  const validatorOf = (key: string, response: Schema): ValidateFunction | null => {
    if (!compiled.has(key)) {
      const schema = (response.content as Record<string, { schema?: Schema }> | undefined)?.['application/json']?.schema;
      compiled.set(key, schema ? ajv.compile(pointAtDocument(schema) as Schema) : null);
    }
    return compiled.get(key)!;
  };

  return (answers) => {
    const found = new Map<string, Mismatch>();
    const note = (where: string, problem: string) => {
      const key = `${where}\n${problem}`;
      const m = found.get(key);
      if (m) m.count++;
      else found.set(key, { where, problem, count: 1 });
    };
    for (const a of answers) {
      const where = `${a.method} ${a.path} ${a.status}`;
      const op = doc.paths[a.path]?.[a.method.toLowerCase()];
      // not an operation of the schema files (the document itself, health, a test's own route): tests/server/openapi.test.ts holds the document to the registry
      if (!op) continue;
      const response = responseOf(op, a.status);
      if (!response) {
        note(where, `HTTP ${a.status} is not declared (declared: ${Object.keys(op.responses as Schema).join(', ')})`);
        continue;
      }
      const validate = validatorOf(`${a.method} ${a.path} ${a.status}`, response);
      if (!validate) continue;
      let body: unknown;
      try {
        body = JSON.parse(a.body);
      } catch {
        note(where, 'the body is not JSON');
        continue;
      }
      const code = (body as { code?: unknown } | null)?.code;
      const declared = (op['x-codes'] as number[] | undefined) ?? [];
      if (a.status === 200 && code !== 0 && !declared.includes(code as number))
        note(where, `result code ${String(code)} is not declared (declared: ${declared.join(', ')})`);
      else if (!validate(body)) {
        // of a oneOf's branches, the one the answer's code chose: not the other branch's `code` mismatch
        const error = validate.errors?.find((e) => !e.instancePath.endsWith('/code') && e.keyword !== 'oneOf') ?? validate.errors?.[0];
        note(where, `code ${String(code)}: ${error?.instancePath || '/'} ${error?.message ?? 'does not match'}`);
      }
    }
    return [...found.values()];
  };
}
