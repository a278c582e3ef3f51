import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import timings from '../../../schemas/config/timings.json';
import { endpoint as sendEmailCode } from '../../api/generated/screens/send-email-code';
import { endpoint as sendPhoneCode } from '../../api/generated/screens/send-phone-code';
import { toast } from '../../ui/overlays';
import { formContextOf } from '../formContext';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';
import { secondsLeft } from './countdown';

const SENDERS = { sendEmailCode, sendPhoneCode } as const;

/** Code input with a send button that counts down before it can send again. */
export function SendCodeWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const ctx = formContextOf(props.registry);
  const name = props.options.endpoint as keyof typeof SENDERS;
  const targets = (props.options.target as string[]) ?? [];
  const [send, { isLoading }] = SENDERS[name].useMutation();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const left = secondsLeft(startedAt, timings.sendCodeCountdownS, now);

  useEffect(() => {
    if (!left) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);

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
    const res = await send(payload as never);
    if ('data' in res) {
      setStartedAt(Date.now());
      setNow(Date.now());
      toast(t('sendCode.sent'));
    }
  };

  return (
    <div className="input-row">
      <BaseInputTemplate {...props} options={{ ...props.options, inputType: 'tel' }} />
      <button type="button" className="input-addon send-code" disabled={left > 0 || isLoading} onClick={() => void onSend()}>
        {left > 0 ? t('sendCode.resend', { s: left }) : t('sendCode.send')}
      </button>
    </div>
  );
}
