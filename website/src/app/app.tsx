import type { ComponentType } from 'react';
import { Layout, PageLoading } from '../components/layout/layout';

/** A public page in the site's frame: what the server renders and the browser hydrates. */
export function SitePage({ path, Page }: { path: string; Page: ComponentType }) {
  return (
    <Layout path={path}>
      <Page />
    </Layout>
  );
}

/** What /login and /admin get at build time: the frame and a loading note, no admin code. */
export function ShellApp({ path }: { path: string }) {
  return (
    <Layout path={path}>
      <PageLoading />
    </Layout>
  );
}
