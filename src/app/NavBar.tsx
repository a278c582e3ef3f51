import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME } from '../routes/routes';

/** Back goes to the previous page, or home when the app was opened on this page; a tab's own page (`root`) has no back. */
export function NavBar({ title, root = false }: { title: string; root?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(HOME, { replace: true });
  };
  return (
    <header className="navbar">
      {root ? (
        <span className="navbar-side" />
      ) : (
        <button type="button" className="navbar-back" onClick={back} aria-label={t('common.back')}>
          ‹
        </button>
      )}
      <h1 className="navbar-title">{t(title)}</h1>
      <span className="navbar-side" />
    </header>
  );
}
