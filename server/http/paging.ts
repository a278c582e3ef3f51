// Paging for list endpoints (page ≥ 1, default 1; pageSize 1..100, default 10) and the
// ID parameter of find and delete endpoints.
import type { JsonSchema } from '../../contract/loader.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../config.ts';
import type { Check, Validator } from './validation.ts';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PagingInput {
  page?: number;
  pageSize?: number;
}

const MAX_ID = 2_147_483_647;

/** A query schema with paging plus `extra` properties; unknown parameters are refused. */
export function pagedQuery(validator: Validator, source: string, extra: Record<string, JsonSchema> = {}): Check[] {
  const schema: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: MAX_ID },
      pageSize: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX },
      ...extra,
    },
  };
  return [validator.compile(schema, {}, source)];
}

export function pageOf(input: PagingInput): { page: number; pageSize: number; offset: number } {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** {ID: positive integer}; anything else is validation.invalid. */
export function idQuery(validator: Validator, source: string): Check[] {
  const schema: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['ID'],
    properties: { ID: { type: 'integer', minimum: 1, maximum: MAX_ID } },
  };
  const invalid = 'validation.invalid';
  return [validator.compile(schema, { 'ID.required': invalid, 'ID.type': invalid, 'ID.minimum': invalid, 'ID.maximum': invalid }, source)];
}

export function isoTime(ms: number): string {
  return new Date(Number(ms)).toISOString();
}
