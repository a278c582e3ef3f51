// Where the browser is now, for a screen that navigates once something it waited for arrives (a
// form's answer, a list's fresh rows): the router keeps the old page drawn while the next one
// loads, so the page a user has already left can still be on screen and must not pull them back.

/** The route the address bar shows: the browser router's path and query, or the hash router's (#/user/addBank?x=1). */
function currentRoute(): string {
  const { hash, pathname, search } = window.location;
  return hash.startsWith('#/') ? hash.slice(1) : `${pathname}${search}`;
}

/** The route's path alone (a query the page rewrites itself is not leaving it). */
export function currentPath(): string {
  return currentRoute().split('?')[0];
}

/** True while the address bar still shows this location (path and query). */
export function stillOn(location: { pathname: string; search: string }): boolean {
  return currentRoute() === `${location.pathname}${location.search}`;
}
