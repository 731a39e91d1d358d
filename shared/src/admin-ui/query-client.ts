import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

/**
 * A TanStack Query client with the project's defaults, for the panel and both hosts: a screen
 * loads its data when it mounts (and shows what is cached meanwhile); a failure is shown at once
 * with its Spanish message and a button to try again, never retried silently; and nothing loads
 * behind the person's back when the window regains focus or the network returns, so a form being
 * filled in (the seasons) is never reset by a background answer.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}
