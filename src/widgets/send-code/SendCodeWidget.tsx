import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import timings from '../../../schemas/config/timings.json';
import { endpoint as sendEmailCode } from '../../api/generated/screens/send-email-code';
import { endpoint as sendPhoneCode } from '../../api/generated/screens/send-phone-code';
import { toast } from '../../ui/overlays';
import { type FormContext, formContextOf } from '../formContext';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';
import { CaptchaAnswer } from './CaptchaAnswer';
import { useCountdown } from './useCountdown';
import { useFormCaptcha } from './useFormCaptcha';
import { useSendCaptcha } from './useSendCaptcha';
import './send-code.css';

const SENDERS = { sendEmailCode, sendPhoneCode } as const;

/** The server wants a solved image captcha before it sends another code (too many from this address lately, or a wrong answer). */
function asksForCaptcha(error: unknown): boolean {
  const data = (error as { data?: { captchaRequired?: unknown } } | undefined)?.data;
  return data?.captchaRequired === true;
}

/** The target fields (the email or the phone) from the form, or undefined when one is empty or does not match its pattern. */
function targetPayload(ctx: FormContext, targets: string[]): Record<string, unknown> | undefined {
  const props = (ctx.schema.properties ?? {}) as Record<string, { pattern?: string }>;
  const payload = Object.fromEntries(targets.map((f) => [f, ctx.formData[f]]));
  const ok = targets.every((f) => {
    const v = payload[f];
    const pattern = props[f]?.pattern;
    return typeof v === 'string' && v !== '' && (!pattern || new RegExp(pattern, 'u').test(v));
  });
  return ok ? payload : undefined;
}

/** Sending the code: checks the targets and the captcha answer, sends, and starts the countdown or asks for a captcha. */
function useSendCode(props: WidgetProps) {
  const { t } = useTranslation();
  const ctx = formContextOf(props.registry);
  const name = props.options.endpoint as keyof typeof SENDERS;
  const targets = (props.options.target as string[]) ?? [];
  const [send, { isLoading }] = SENDERS[name].useMutation();
  // the image code a send needs: the form's own where the screen names it (forgot password), else one under the code
  const own = useSendCaptcha();
  const formCaptcha = useFormCaptcha(props, ctx);
  const captcha = formCaptcha ?? { ...own, focus: () => own.answerInput.current?.focus() };
  const countdown = useCountdown(timings.sendCodeCountdownS);

  const sent = () => {
    captcha.reset();
    countdown.start();
    toast(t('sendCode.sent'));
  };

  const onSend = async () => {
    const payload = targetPayload(ctx, targets);
    if (!payload) {
      toast(t(name === 'sendEmailCode' ? 'sendCode.needEmail' : 'sendCode.needPhone'));
      return;
    }
    if (captcha.asked && captcha.answer.trim() === '') {
      toast(t('validation.captchaRequired'));
      captcha.focus();
      return;
    }
    const solved = captcha.solved();
    const res = await send({ ...payload, ...solved } as never);
    if (formCaptcha && 'captcha' in solved) formCaptcha.spent();
    if ('data' in res) sent();
    // the server's message (why a picture is needed, or that the answer was wrong) comes as a toast
    else if (asksForCaptcha(res.error)) await captcha.ask();
  };

  return { isLoading, captcha: own, showsOwnCaptcha: !formCaptcha && own.asked, left: countdown.left, onSend };
}

/**
 * Code input with a send button that counts down before it can send again. When the server asks
 * for a captcha, an image code appears under it (or, on a form with an image code of its own, that
 * one is asked for); the next send carries its answer.
 */
export function SendCodeWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { isLoading, captcha, showsOwnCaptcha, left, onSend } = useSendCode(props);

  return (
    <>
      <div className="input-row">
        <BaseInputTemplate {...props} options={{ ...props.options, inputType: 'tel' }} />
        <button type="button" className="input-addon send-code" disabled={left > 0 || isLoading} onClick={() => void onSend()}>
          {left > 0 ? t('sendCode.resend', { s: left }) : t('sendCode.send')}
        </button>
      </div>
      {showsOwnCaptcha && (
        <CaptchaAnswer
          id={`${props.id}__captcha`}
          inputRef={captcha.answerInput}
          value={captcha.answer}
          onChange={captcha.setAnswer}
          onEnter={() => {
            if (!isLoading) void onSend();
          }}
          captcha={captcha.loading ? undefined : captcha.picture}
          onRefresh={() => void captcha.refresh()}
        />
      )}
    </>
  );
}
