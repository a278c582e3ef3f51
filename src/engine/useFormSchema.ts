// The schema a form screen draws and its validation: the precompiled Ajv validator with translated
// messages, and the checks the schema cannot state (matching fields, live limits).
import type { FormValidation, RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { useMemo } from 'react';
import { limitViolations, mismatchedFields, shownDecimals, type ResolvedLimits } from '../../contract/limits';
import { createLocalizer, messageKey, type Translate } from '../../contract/messages';
import { formatAmount } from '../../contract/number-format';
import { formSchemaOf } from '../../contract/screen';
import type { ScreenModule } from './types';

type Data = Record<string, unknown>;

/** `required`: fields required now beyond the payload's own (the conditional fields shown, conditionalFields.ts). */
export function useFormSchema(module: ScreenModule, limits: ResolvedLimits, t: Translate, language: string, required: readonly string[] = []) {
  const { screen, validate } = module;
  const schema = useMemo(() => formSchemaOf(screen.payload, screen.validatorId) as RJSFSchema, [screen.payload, screen.validatorId]);
  // t changes with the language, so the messages follow it
  const validator = useMemo(
    () => createPrecompiledValidator(validate as never, schema, createLocalizer(screen.messages, t) as never),
    [validate, schema, screen.messages, t],
  );

  const customValidate = (data: Data | undefined, errors: FormValidation<Data>) => {
    const values = data ?? {};
    const fieldErrors = errors as unknown as Record<string, { addError(m: string): void }>;
    for (const field of required) {
      if (values[field] === undefined || values[field] === '') fieldErrors[field]?.addError(t(messageKey(field, 'required', screen.messages)));
    }
    for (const field of mismatchedFields(screen.payload, values)) {
      fieldErrors[field]?.addError(t(messageKey(field, 'matches', screen.messages)));
    }
    for (const v of limitViolations(values, limits)) {
      const shown = v.limit === 'decimals' ? v.value : formatAmount(v.value, shownDecimals(limits[v.field]), language);
      fieldErrors[v.field]?.addError(t(messageKey(v.field, v.limit, screen.messages), { limit: shown }));
    }
    return errors;
  };
  return { schema, validator, customValidate };
}
