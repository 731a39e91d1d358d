import type { ComponentType, ReactNode } from 'react';
import { Layout, PageLoading } from '../components/layout/layout';

/** A public page in the site's frame: what the server renders and the browser hydrates. */
export function SitePage({ path, Page, footer }: { path: string; Page: ComponentType; footer?: ReactNode }) {
  return (
    <Layout path={path} footer={footer}>
      <Page />
    </Layout>
  );
}

/** What /login and /admin get at build time: the frame and a loading note, no admin code. */
export function ShellApp({ path, footer }: { path: string; footer?: ReactNode }) {
  return (
    <Layout path={path} footer={footer}>
      <PageLoading />
    </Layout>
  );
}
