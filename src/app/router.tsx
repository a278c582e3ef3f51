import { HashRouter } from 'react-router-dom';
import { Layout } from './Layout';

/** Hash routing with base /. The Layout resolves every path (both /x/y and /pages/x/y) itself. */
export function AppRouter() {
  return (
    <HashRouter>
      <Layout />
    </HashRouter>
  );
}
