// Maps Ajv errors to the locale keys a screen file names in `messages`
// ("field.keyword"), with generic keys as the fallback.
export interface AjvLikeError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

const GENERIC: Record<string, string> = {
  required: 'validation.required',
  minLength: 'validation.tooShort',
  maxLength: 'validation.tooLong',
  pattern: 'validation.invalid',
  format: 'validation.invalid',
  enum: 'validation.enum',
  minimum: 'validation.minimum',
  exclusiveMinimum: 'validation.minimum',
  maximum: 'validation.maximum',
  exclusiveMaximum: 'validation.maximum',
  available: 'validation.available',
  decimals: 'validation.decimals',
  additionalProperties: 'validation.unknownField',
};

export function fieldOf(error: AjvLikeError): string {
  if (error.keyword === 'required') return String(error.params.missingProperty ?? '');
  return error.instancePath.split('/').filter(Boolean)[0] ?? '';
}

export function messageKey(field: string, keyword: string, messages: Record<string, string> | undefined): string {
  return messages?.[`${field}.${keyword}`] ?? GENERIC[keyword] ?? 'validation.invalid';
}

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** An rjsf localizer: rewrites each error's message in the current language. */
export function createLocalizer(messages: Record<string, string> | undefined, t: Translate) {
  return (errors?: null | AjvLikeError[]) => {
    for (const e of errors ?? []) e.message = t(messageKey(fieldOf(e), e.keyword, messages), e.params);
  };
}
