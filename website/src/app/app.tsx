import { Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { Layout, PageLoading } from '../components/layout/layout';
import { paths } from '../config/paths';
import { RouteEffects } from './route-effects';
import { AdminPage, LoginPage, PUBLIC_ROUTES } from './routes';
import NotFound from './routes/not-found';

function Frame() {
  return (
    <Layout>
      <RouteEffects />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </Layout>
  );
}

export function App() {
  return (
    <Routes>
      <Route element={<Frame />}>
        {PUBLIC_ROUTES.map(({ path, route }) => (
          <Route key={path} path={path} element={<route.Page />} />
        ))}
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.admin} element={<AdminPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
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
