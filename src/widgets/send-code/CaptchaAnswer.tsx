import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../../api/generated/screens/captcha';
import { CaptchaPicture } from '../captcha/CaptchaWidget';

interface CaptchaAnswerProps {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the answer: send the code. */
  onEnter: () => void;
  /** undefined while a picture is loading */
  captcha: Captcha | undefined;
  onRefresh: () => void;
}

/** The image captcha under the code input: the answer, the picture (click for a new one) and a hint. */
export function CaptchaAnswer({ id, inputRef, value, onChange, onEnter, captcha, onRefresh }: CaptchaAnswerProps) {
  const { t } = useTranslation();
  return (
    <div className="send-code-captcha">
      <label htmlFor={id} className="field-label">
        {t('sendCode.captchaLabel')}
      </label>
      <div className="input-row">
        <input
          ref={inputRef}
          id={id}
          className="input"
          type="text"
          value={value}
          maxLength={6}
          autoComplete="off"
          aria-describedby={`${id}__help`}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends the code, not the whole form
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onEnter();
          }}
        />
        <CaptchaPicture captcha={captcha} onRefresh={onRefresh} />
      </div>
      <p id={`${id}__help`} className="field-help">
        {t('sendCode.captchaHint')}
      </p>
    </div>
  );
}
