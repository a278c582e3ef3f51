import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { api } from '../../api/base';
import { changeLanguage, LANGUAGES } from '../../i18n';

export default function LanguageScreen() {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const choose = async (code: string) => {
    await changeLanguage(code);
    // Server texts (messages, announcements) come in the request's language: fetch them again.
    dispatch(api.util.resetApiState());
  };
  return (
    <fieldset className="menu language-list">
      <legend className="hidden">{t('route.user.lang')}</legend>
      {LANGUAGES.map((l) => (
        <label key={l.code} lang={l.code} className="switch-row">
          {l.name}
          <input type="radio" name="language" value={l.code} checked={i18n.language === l.code} onChange={() => void choose(l.code)} />
        </label>
      ))}
    </fieldset>
  );
}
