// scripts/lib/answer-check.ts: a recorded answer is held to the document — its operation's declared
// HTTP statuses, the result codes the operation declares, and the schema of that status's body.
import { describe, expect, it } from 'vitest';
import { answerChecker, type RecordedAnswer } from '../../scripts/lib/answer-check.ts';
import type { OpenApi } from '../../scripts/lib/openapi-document.ts';

const envelope = (data: object) => ({ type: 'object', required: ['code', 'msg', 'data'], properties: { code: { const: 0 }, msg: { type: 'string' }, data } });
const doc: OpenApi = {
  openapi: '3.1.0',
  paths: {
    '/coin/list': {
      get: {
        'x-codes': [7, 4019],
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    envelope({
                      type: 'object',
                      additionalProperties: false,
                      required: ['list'],
                      properties: { list: { type: 'array', items: { $ref: '#/components/schemas/Coin' } } },
                    }),
                    { $ref: '#/components/schemas/Error', properties: { code: { enum: [7, 4019] } } },
                  ],
                },
              },
            },
          },
          '413': { $ref: '#/components/responses/TooLarge' },
        },
      },
    },
  },
  components: {
    schemas: {
      Coin: { type: 'object', required: ['coin'], properties: { coin: { type: 'string' } } },
      Error: { type: 'object', required: ['code', 'msg', 'data'], properties: { code: { type: 'integer' }, msg: { type: 'string' } } },
    },
    responses: { TooLarge: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error', properties: { code: { const: 7 } } } } } } },
  },
};

const answer = (status: number, body: object, path = '/coin/list'): RecordedAnswer => ({ method: 'GET', path, status, body: JSON.stringify(body) });
const check = answerChecker(doc);

describe('checking recorded answers against the API document', () => {
  it('passes answers the document declares, through its $refs', () => {
    expect(
      check([
        answer(200, { code: 0, msg: 'ok', data: { list: [{ coin: 'BTC' }] } }),
        answer(200, { code: 4019, msg: 'no such coin', data: null }),
        answer(413, { code: 7, msg: 'too large', data: null }),
        // another route (a test's own, the document itself) is not the document's to judge
        answer(500, { boom: true }, '/test/boom'),
      ]),
    ).toEqual([]);
  });

  it('names an undeclared status, an undeclared code and a body off its schema, each once with a count', () => {
    const found = check([
      answer(404, { code: 404, msg: 'not found', data: null }),
      answer(200, { code: 4020, msg: 'balance', data: null }),
      answer(200, { code: 4020, msg: 'balance', data: null }),
      answer(200, { code: 0, msg: 'ok', data: { list: [], total: 0 } }),
      answer(413, { code: 4024, msg: 'slow down', data: null }),
    ]);
    expect(found).toEqual([
      { where: 'GET /coin/list 404', problem: 'HTTP 404 is not declared (declared: 200, 413)', count: 1 },
      { where: 'GET /coin/list 200', problem: 'result code 4020 is not declared (declared: 7, 4019)', count: 2 },
      { where: 'GET /coin/list 200', problem: 'code 0: /data must NOT have additional properties', count: 1 },
      { where: 'GET /coin/list 413', problem: 'code 4024: /code must be equal to constant', count: 1 },
    ]);
  });
});
