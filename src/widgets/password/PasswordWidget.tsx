import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PathIcon } from '../../ui/Icon';
import { BaseInputTemplate } from '../templates/BaseInputTemplate';

const EYE = 'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z';
const EYE_OFF = 'M3 3l18 18M10.6 6.1A10 10 0 0112 6c6 0 10 6 10 6a17 17 0 01-3.2 3.9M6.6 6.6C3.9 8.4 2 12 2 12s4 7 10 7a9.7 9.7 0 004.4-1';

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
        <PathIcon d={shown ? EYE_OFF : EYE} />
      </button>
    </div>
  );
}
