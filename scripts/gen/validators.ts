// Precompiled (Ajv standalone) validators for rjsf, so the browser never
// compiles a schema and a CSP without unsafe-eval holds.
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { CUSTOM_KEYWORDS, type JsonSchema } from '../../contract/loader.ts';

const UCS2_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
// Same semantics as Ajv's runtime helper: length in code points.
const UCS2_INLINE = '((s) => Array.from(s).length)';


export function validatorCode(formSchema: JsonSchema): string {
  const code = compileSchemaValidatorsCode(formSchema as never, {
    ajvOptionsOverrides: { code: { esm: true, lines: false, optimize: true }, keywords: [...CUSTOM_KEYWORDS], strict: true },
    ajvFormatOptions: false,
  });
  const esm = code.split(UCS2_REQUIRE).join(UCS2_INLINE);
  if (esm.includes('require(')) {
    throw new Error(`validator for ${String(formSchema.$id)} needs an Ajv runtime helper the generator does not inline`);
  }
  return esm.replace(/^"use strict";/, '');
}
