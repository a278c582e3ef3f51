import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { Icon } from '../ui/Icon';
import { TABS } from '../routes/routes';

const ICONS = { home: 'home', market: 'market', deal: 'trade', property: 'assets' } as const;

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tabbar">
      {TABS.map((tab) => (
        <NavLink key={tab.id} to={tab.path} replace className={({ isActive }) => `tab${isActive ? ' active' : ''}`}>
          <span className="tab-icon">
            <Icon name={ICONS[tab.id]} size={22} />
          </span>
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
