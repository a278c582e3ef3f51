import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import type { FormContext } from '../formContext';

/**
 * The image code a send needs, on a form that has an image code of its own (ui:options.captchaField
 * names its answer field, captchaIdField its id field, default captchaId): that one, so the form shows
 * one picture, not a second one under the code. A send that carried it has spent it: emptying its id
 * makes the form's captcha widget ask for a new picture (CaptchaWidget).
 * Undefined on a form without the option: the widget shows its own (./useSendCaptcha.ts).
 */
export function useFormCaptcha(props: WidgetProps, ctx: FormContext) {
  const [asked, setAsked] = useState(false);
  const answerField = props.options.captchaField;
  if (typeof answerField !== 'string') return undefined;
  const idField = String(props.options.captchaIdField ?? 'captchaId');
  const answer = String(ctx.formData[answerField] ?? '');
  // rjsf's ids are the form's prefix and the field's name: root_emailCode → root_captcha
  const inputId = `${props.id.slice(0, props.id.length - props.name.length)}${answerField}`;

  return {
    asked,
    answer,
    focus: () => document.getElementById(inputId)?.focus(),
    /** The server wants an image code: the form's, typed anew if this send carried it. */
    ask: () => {
      setAsked(true);
      document.getElementById(inputId)?.focus();
    },
    /** A code went out: the next send needs no image code until the server asks again. */
    reset: () => setAsked(false),
    /** The captcha fields the next send carries (none until the server asked for them). */
    solved: () => (asked ? { captcha: answer.trim(), captchaId: String(ctx.formData[idField] ?? '') } : {}),
    /** After a send that carried the form's image code: the server has used it up, the form shows a new one. */
    spent: () => ctx.setField(idField, undefined),
  };
}
