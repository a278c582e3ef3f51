// About us (/user/about): the platform's name and version (GET /base/site), and its terms of
// service and privacy policy: the newest article of those categories, or "not published yet".
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Article } from '../../../contract/generated/types';
import { endpoint as documents } from '../../api/generated/screens/site-documents';
import { endpoint as site } from '../../api/generated/screens/site';
import './content.css';

/** Article categories of server/content/articles.ts */
const TERMS = 2 as const;
const PRIVACY = 3 as const;

function DocumentRow({ cate, label }: { cate: 2 | 3; label: string }) {
  const { t } = useTranslation();
  const q = documents.useQuery({ cate, page: 1, pageSize: 1 });
  const newest: Article | undefined = q.data?.list[0];
  if (newest) {
    return (
      <li>
        <Link to={`/user/afficheDetail?id=${newest.ID}`}>
          {t(label)}
          <span aria-hidden="true">›</span>
        </Link>
      </li>
    );
  }
  return (
    <li className="content-row">
      <span>{t(label)}</span>
      <span className="muted content-row-value">{q.isLoading ? t('common.loading') : t('about.notPublished')}</span>
    </li>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <ul className="menu">{children}</ul>;
}

export default function AboutScreen() {
  const { t } = useTranslation();
  const q = site.useQuery();
  return (
    <div className="content-page">
      <section className="content-card">
        {q.data ? (
          <>
            <p className="content-name">{q.data.name}</p>
            <p className="muted" style={{ textAlign: 'center', margin: '4px 0 0' }}>
              {t('about.version')} {q.data.version}
            </p>
          </>
        ) : (
          <p className={`state${q.isError ? ' state-error' : ''}`}>{q.isError ? t('about.loadFailed') : t('common.loading')}</p>
        )}
      </section>
      <Section>
        <DocumentRow cate={TERMS} label="about.terms" />
        <DocumentRow cate={PRIVACY} label="about.privacy" />
      </Section>
    </div>
  );
}
