import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { TABS } from './routes';

const ICONS = { home: '⌂', market: '◔', deal: '⇄', property: '▣' } as const;

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tabbar">
      {TABS.map((tab) => (
        <NavLink key={tab.id} to={tab.path} replace className={({ isActive }) => `tab${isActive ? ' active' : ''}`}>
          <span className="tab-icon" aria-hidden="true">
            {ICONS[tab.id]}
          </span>
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
