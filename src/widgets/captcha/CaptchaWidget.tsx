import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Captcha, endpoint as captchaEndpoint } from '../../api/generated/screens/captcha';
import { formContextOf } from '../formContext';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';
import { arrivedEarlyCaptcha, takeEarlyCaptcha } from './early';

/** Image captcha: tap the image for a new one. Sets the sibling id field named by ui:options.idField, and asks anew when that is emptied. */
export function CaptchaWidget(props: WidgetProps) {
  const ctx = formContextOf(props.registry);
  const idField = String(props.options.idField ?? 'captchaId');
  const [fetchCaptcha, { data: fetched, isLoading }] = captchaEndpoint.useMutation();
  // the one the route asked for before this form had loaded (./early.ts), until the first refresh
  const [early, setEarly] = useState<Captcha | undefined>(arrivedEarlyCaptcha);
  const data = fetched ?? early;
  const { setField } = ctx;
  const { onChange } = props;

  const refresh = useCallback(async () => {
    const res = await fetchCaptcha();
    if ('data' in res && res.data) setField(idField, res.data.captchaId);
    onChange(undefined);
  }, [fetchCaptcha, setField, idField, onChange]);

  // A new captcha on mount (the early one if the route asked for it) and after every failed submit,
  // not when refresh's identity changes.
  useEffect(() => {
    const pending = takeEarlyCaptcha();
    if (!pending) {
      void refresh();
      return;
    }
    void pending.then((captcha) => {
      if (!captcha) return void refresh();
      setEarly(captcha);
      setField(idField, captcha.captchaId);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctx.captchaNonce]);

  // A sibling that spent this captcha (a code sent with it: the send-code widget's captchaField) empties its id: a new one.
  const id = ctx.formData[idField];
  const hadId = useRef(false);
  useEffect(() => {
    if (id) hadId.current = true;
    else if (hadId.current) {
      hadId.current = false;
      void refresh();
    }
  }, [id, refresh]);

  return (
    <div className="input-row">
      <BaseInputTemplate {...props} options={{ ...props.options, inputType: 'text' }} />
      <CaptchaPicture captcha={isLoading ? undefined : data} onRefresh={() => void refresh()} />
    </div>
  );
}

/** The captcha's picture as a button that asks for a new one (a placeholder until it has come). */
export function CaptchaPicture({ captcha, onRefresh }: { captcha: Captcha | undefined; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="captcha" onClick={onRefresh} title={t('captcha.refresh')} aria-label={t('captcha.refresh')}>
      {captcha ? <img src={captcha.picPath} alt={t('captcha.alt')} width={130} height={52} /> : <span className="captcha-placeholder">…</span>}
    </button>
  );
}
