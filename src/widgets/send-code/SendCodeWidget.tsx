import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import timings from '../../../schemas/config/timings.json';
import { type Captcha, endpoint as captchaEndpoint } from '../../api/generated/screens/captcha';
import { endpoint as sendEmailCode } from '../../api/generated/screens/send-email-code';
import { endpoint as sendPhoneCode } from '../../api/generated/screens/send-phone-code';
import { toast } from '../../ui/overlays';
import { CaptchaPicture } from '../captcha/CaptchaWidget';
import { formContextOf } from '../formContext';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';
import { secondsLeft } from './countdown';
import './send-code.css';

const SENDERS = { sendEmailCode, sendPhoneCode } as const;

/** The server wants a solved image captcha before it sends another code (too many from this address lately, or a wrong answer). */
function asksForCaptcha(error: unknown): boolean {
  const data = (error as { data?: { captchaRequired?: unknown } } | undefined)?.data;
  return data?.captchaRequired === true;
}

/**
 * Code input with a send button that counts down before it can send again. When the server asks
 * for a captcha, an image code appears under it; the next send carries its answer.
 */
export function SendCodeWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const ctx = formContextOf(props.registry);
  const name = props.options.endpoint as keyof typeof SENDERS;
  const targets = (props.options.target as string[]) ?? [];
  const [send, { isLoading }] = SENDERS[name].useMutation();
  const [fetchCaptcha, { isLoading: captchaLoading }] = captchaEndpoint.useMutation();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | undefined>();
  const [answer, setAnswer] = useState('');
  const answerInput = useRef<HTMLInputElement>(null);
  const left = secondsLeft(startedAt, timings.sendCodeCountdownS, now);
  const answerId = `${props.id}__captcha`;

  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

  const newCaptcha = async () => {
    setAnswer('');
    const res = await fetchCaptcha();
    setCaptcha('data' in res ? res.data : undefined);
  };

  const askForCaptcha = async () => {
    setCaptchaAsked(true);
    await newCaptcha();
    answerInput.current?.focus();
  };

  const sent = () => {
    setCaptchaAsked(false);
    setCaptcha(undefined);
    setAnswer('');
    setStartedAt(Date.now());
    setNow(Date.now());
    toast(t('sendCode.sent'));
  };

  const onSend = async () => {
    const props = (ctx.schema.properties ?? {}) as Record<string, { pattern?: string }>;
    const payload = Object.fromEntries(targets.map((f) => [f, ctx.formData[f]]));
    const ok = targets.every((f) => {
      const v = payload[f];
      const pattern = props[f]?.pattern;
      return typeof v === 'string' && v !== '' && (!pattern || new RegExp(pattern, 'u').test(v));
    });
    if (!ok) {
      toast(t(name === 'sendEmailCode' ? 'sendCode.needEmail' : 'sendCode.needPhone'));
      return;
    }
    if (captchaAsked && answer.trim() === '') {
      toast(t('validation.captchaRequired'));
      answerInput.current?.focus();
      return;
    }
    const solved = captchaAsked && captcha ? { captcha: answer.trim(), captchaId: captcha.captchaId } : {};
    const res = await send({ ...payload, ...solved } as never);
    if ('data' in res) sent();
    // the server's message (why a picture is needed, or that the answer was wrong) comes as a toast
    else if (asksForCaptcha(res.error)) await askForCaptcha();
  };

  return (
    <>
      <div className="input-row">
        <BaseInputTemplate {...props} options={{ ...props.options, inputType: 'tel' }} />
        <button type="button" className="input-addon send-code" disabled={left > 0 || isLoading} onClick={() => void onSend()}>
          {left > 0 ? t('sendCode.resend', { s: left }) : t('sendCode.send')}
        </button>
      </div>
      {captchaAsked && (
        <div className="send-code-captcha">
          <label htmlFor={answerId} className="field-label">
            {t('sendCode.captchaLabel')}
          </label>
          <div className="input-row">
            <input
              ref={answerInput}
              id={answerId}
              className="input"
              type="text"
              value={answer}
              maxLength={6}
              autoComplete="off"
              aria-describedby={`${answerId}__help`}
              onChange={(e) => setAnswer(e.target.value)}
              onKeyDown={(e) => {
                // Enter sends the code, not the whole form
                if (e.key !== 'Enter') return;
                e.preventDefault();
                if (!isLoading) void onSend();
              }}
            />
            <CaptchaPicture captcha={captchaLoading ? undefined : captcha} onRefresh={() => void newCaptcha()} />
          </div>
          <p id={`${answerId}__help`} className="field-help">
            {t('sendCode.captchaHint')}
          </p>
        </div>
      )}
    </>
  );
}
