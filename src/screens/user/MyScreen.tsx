import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/base';
import { endpoint as logoutEndpoint } from '../../api/generated/screens/logout';
import { endpoint as unreadEndpoint } from '../../api/generated/screens/notice-unread';
import { confirmDialog, toast } from '../../ui/overlays';
import { Icon } from '../../ui/Icon';
import { LOGIN } from '../../routes/routes';
import { setTheme, useTheme } from '../../ui/theme';
import { LANGUAGES } from '../../i18n';
import type { RootState } from '../../store';
import { loggedOut } from '../../store/session';
import './content.css';

const INFORM = '/user/inform';

const MENU = [
  { to: '/bitcoin/paymentHistory', label: 'route.bitcoin.paymentHistory' },
  { to: '/bitcoin/withdrawHistory', label: 'route.bitcoin.withdrawHistory' },
  { to: '/bitcoin/bankHistory', label: 'route.bitcoin.bankHistory' },
  { to: '/bitcoin/loanHistory', label: 'route.bitcoin.loanHistory' },
  { to: '/bitcoin/wireTransfer', label: 'route.bitcoin.wireTransfer' },
  { to: '/user/bank', label: 'route.user.bank' },
  { to: '/user/address', label: 'route.user.address' },
  { to: '/user/realName', label: 'route.user.realName' },
  { to: '/user/invite', label: 'route.user.invite' },
  { to: '/user/affiche', label: 'route.user.affiche' },
  { to: '/user/inform', label: 'route.user.inform' },
  { to: '/login/resetPassword', label: 'route.login.resetPassword' },
  { to: '/login/resetWithdrawPassword', label: 'route.login.resetWithdrawPassword' },
  { to: '/user/security', label: 'route.user.security' },
  { to: '/user/devices', label: 'route.user.devices' },
  { to: '/user/antiPhishing', label: 'route.user.antiPhishing' },
  { to: '/user/MSB', label: 'route.user.MSB' },
  { to: '/user/about', label: 'route.user.about' },
  { to: '/user/service', label: 'route.user.service' },
] as const;

export default function MyScreen() {
  const { t, i18n } = useTranslation();
  const user = useSelector((s: RootState) => s.session.user);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const theme = useTheme();
  const language = LANGUAGES.find((l) => l.code === i18n.language)?.name;

  // the notification centre's unread count, read afresh each time the page opens
  const unread = unreadEndpoint.useQuery(undefined, { skip: !user, refetchOnMountOrArgChange: true }).data?.count ?? 0;
  const [signOut] = logoutEndpoint.useMutation();
  const logout = async () => {
    if (!(await confirmDialog(t('user.logoutConfirm')))) return;
    // the server ends the session; offline or not, this device forgets it
    await signOut();
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    toast(t('user.loggedOut'));
    navigate(LOGIN, { replace: true });
  };

  return (
    <div className="my">
      <section className="profile">
        <div className="avatar avatar-large">
          <Icon name="user" size={30} />
        </div>
        <div>
          <p className="profile-name">{user?.email || (user ? `${user.countryCode} ${user.phone}` : '')}</p>
          <p className="muted">
            {t('user.invitationCode')}: <strong className="invitation-code">{user?.invitationCode}</strong>
          </p>
          <p className="muted">
            {t('user.creditScore')}: <strong>{user?.creditScore}</strong>
          </p>
        </div>
      </section>
      <ul className="menu">
        {MENU.map((m) => (
          <li key={m.to}>
            <Link to={m.to} aria-label={m.to === INFORM && unread > 0 ? `${t(m.label)}, ${t('inform.unread', { count: unread })}` : undefined}>
              {t(m.label)}
              <span className="menu-end">
                {m.to === INFORM && unread > 0 && <span className="unread-badge">{unread > 99 ? '99+' : unread}</span>}
                <span aria-hidden="true">›</span>
              </span>
            </Link>
          </li>
        ))}
        <li>
          <Link to="/user/lang">
            {t('user.language')}
            <span className="muted">{language} ›</span>
          </Link>
        </li>
        <li>
          <label className="switch-row">
            {t('user.theme')}
            <input
              type="checkbox"
              role="switch"
              aria-checked={theme === 'light'}
              className="switch"
              checked={theme === 'light'}
              onChange={(e) => setTheme(e.target.checked ? 'light' : 'dark')}
            />
          </label>
        </li>
      </ul>
      <button type="button" className="btn btn-ghost btn-block logout" onClick={() => void logout()}>
        {t('user.logout')}
      </button>
    </div>
  );
}
