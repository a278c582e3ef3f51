import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';

export function PasswordWidget(props: WidgetProps) {
  const [shown, setShown] = useState(false);
  const { t } = useTranslation();
  return (
    <div className="input-row">
      <BaseInputTemplate {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="input-addon"
        aria-pressed={shown}
        aria-label={t(shown ? 'common.hidePassword' : 'common.showPassword')}
        onClick={() => setShown((s) => !s)}
      >
        <Icon name={shown ? 'eyeOff' : 'eye'} />
      </button>
    </div>
  );
}
