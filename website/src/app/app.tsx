import { Suspense } from 'react';
import { Layout, PageLoading } from '../components/layout/layout';
import { paths } from '../config/paths';
import { cleanPath, useLocation } from '../lib/router';
import { RouteEffects } from './route-effects';
import { AdminPage, LoginPage, publicRoute } from './routes';
import NotFound from './routes/not-found';

function CurrentPage() {
  const { pathname } = useLocation();
  const route = publicRoute(pathname);
  if (route) return <route.route.Page />;
  const path = cleanPath(pathname);
  if (path === paths.login) return <LoginPage />;
  if (path === paths.admin) return <AdminPage />;
  return <NotFound />;
}

export function App() {
  return (
    <Layout>
      <RouteEffects />
      <Suspense fallback={<PageLoading />}>
        <CurrentPage />
      </Suspense>
    </Layout>
  );
}

/** What /login and /admin get at build time: the frame and a loading note, no admin code. */
export function ShellApp() {
  return (
    <Layout>
      <PageLoading />
    </Layout>
  );
}
