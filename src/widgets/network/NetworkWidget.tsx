// The network of the form's coin (ui:options: source, coinField), as a row of choices from the
// coin table. With ui:options.showAddress it also shows the platform's deposit address on that
// network as text, a QR code and a copy button, and writes it into addressField.
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../ui/CopyButton';
import { formContextOf } from '../formContext';
import { networksOf } from '../sources';

// Only deposit forms draw a QR code: its library loads with the first one, not with every form.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

export function NetworkWidget({ id, value, options, onChange, disabled, readonly, registry }: WidgetProps) {
  const { t } = useTranslation();
  const ctx = formContextOf(registry);
  const coinField = typeof options.coinField === 'string' ? options.coinField : 'coin';
  const addressField = typeof options.addressField === 'string' ? options.addressField : undefined;
  const networks = networksOf(ctx, options.source, ctx.formData[coinField]);
  const chosen = networks.find((n) => n.network === value);

  useEffect(() => {
    if (addressField && chosen && ctx.formData[addressField] !== chosen.address) ctx.setField(addressField, chosen.address);
  }, [addressField, chosen, ctx]);

  return (
    <div className="network-widget">
      <div className="chips" role="radiogroup" id={id} aria-label={t('funds.network')}>
        {networks.map((n) => (
          <button
            key={n.network}
            type="button"
            role="radio"
            aria-checked={n.network === value}
            className={`chip${n.network === value ? ' active' : ''}`}
            disabled={disabled || readonly}
            onClick={() => onChange(n.network)}
          >
            {n.network}
          </button>
        ))}
        {networks.length === 0 && <span className="field-hint">{t('common.loading')}</span>}
      </div>
      {options.showAddress === true && chosen && (
        <div className="deposit-address">
          <div className="qr" aria-hidden="true">
            <Suspense fallback={null}>
              <QRCodeSVG value={chosen.address} size={168} marginSize={2} bgColor="#ffffff" fgColor="#000000" />
            </Suspense>
          </div>
          <p className="field-hint">{t('funds.depositAddress', { coin: chosen.coin, network: chosen.network })}</p>
          <div className="copy-row">
            <code className="address-text">{chosen.address}</code>
            <CopyButton value={chosen.address} label={t('funds.copyAddress')} />
          </div>
          <p className="field-hint">{t('funds.depositWarning', { coin: chosen.coin, network: chosen.network })}</p>
        </div>
      )}
    </div>
  );
}
