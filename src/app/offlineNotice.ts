// Without a network the app still opens from the service worker's cache; this notice says why
// prices and balances stand still, and goes away when the connection is back. Plain DOM beside
// the React root: nothing of it is in the home route's bundle.
import i18next from 'i18next';

/** Shows the notice in `parent` while the browser is offline, in the current language; returns the live region. */
export function mountOfflineNotice(parent: HTMLElement = document.body): HTMLElement {
  // a live region that exists before its text changes, so screen readers announce the change
  const region = document.createElement('div');
  region.setAttribute('role', 'status');
  parent.append(region);
  const render = () => {
    if (navigator.onLine) return region.replaceChildren();
    const notice = document.createElement('p');
    notice.className = 'offline-notice';
    notice.textContent = i18next.t('app.offline');
    region.replaceChildren(notice);
  };
  window.addEventListener('online', render);
  window.addEventListener('offline', render);
  i18next.on('languageChanged', render);
  render();
  return region;
}
