import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoint as captchaEndpoint } from '../../api/generated/screens/captcha';
import { formContextOf } from '../formContext';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';

/** Image captcha: tap the image for a new one. Sets the sibling id field named by ui:options.idField. */
export function CaptchaWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const ctx = formContextOf(props.registry);
  const idField = String(props.options.idField ?? 'captchaId');
  const [fetchCaptcha, { data, isLoading }] = captchaEndpoint.useMutation();
  const { setField } = ctx;
  const { onChange } = props;

  const refresh = useCallback(async () => {
    const res = await fetchCaptcha();
    if ('data' in res && res.data) setField(idField, res.data.captchaId);
    onChange(undefined);
  }, [fetchCaptcha, setField, idField, onChange]);

  // A new captcha on mount and after every failed submit, not when refresh's identity changes.
  useEffect(() => {
    void refresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctx.captchaNonce]);

  return (
    <div className="input-row">
      <BaseInputTemplate {...props} options={{ ...props.options, inputType: 'text' }} />
      <button type="button" className="captcha" onClick={() => void refresh()} title={t('captcha.refresh')} aria-label={t('captcha.refresh')}>
        {data && !isLoading ? <img src={data.picPath} alt={t('captcha.alt')} width={104} height={42} /> : <span className="captcha-placeholder">…</span>}
      </button>
    </div>
  );
}
