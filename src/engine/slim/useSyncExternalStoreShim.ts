// Stands in for use-sync-external-store/shim (react-i18next imports it): the shim exists for React
// before 18; React 19 has the hook itself, and the shim's module would only add bytes to every route.
export { useSyncExternalStore } from 'react';
