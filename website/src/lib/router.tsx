import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The website's router: a location, history navigation and links, which is all a site of six
 * pages and two admin screens uses. react-router was 13 KB of the 80 KB of JavaScript a first
 * visit may load (decision record 004).
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` passed along (kept in history.state, so it survives reloads). */
  state: unknown;
  /** `INITIAL_KEY` for the page the server rendered; a new key for every navigation after it. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

interface RouterValue {
  location: Location;
  navigate: Navigate;
}

/** The key of the location the page was loaded (and server-rendered) at. */
export const INITIAL_KEY = 'initial';

const RouterContext = createContext<RouterValue | null>(null);

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('Router missing: wrap the app in <BrowserRouter> or <StaticRouter>.');
  return value;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): Navigate => useRouter().navigate;

/** `/planes/` and `/planes` are the same page. */
export const cleanPath = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

interface HistoryEntry {
  key: string;
  state: unknown;
}

let keys = 0;
const nextKey = () => `n${++keys}`;

function currentLocation(key: string): Location {
  const entry = window.history.state as Partial<HistoryEntry> | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry?.state ?? null, key };
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState<Location>(() => currentLocation(INITIAL_KEY));

  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(currentLocation(nextKey())));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // The same function for the page's whole life, so effects that depend on it do not re-run.
  const navigate = useCallback<Navigate>((to, { replace = false, state = null } = {}) => {
    const entry: HistoryEntry = { key: nextKey(), state };
    if (replace) window.history.replaceState(entry, '', to);
    else window.history.pushState(entry, '', to);
    // A transition keeps the current page on screen until the next one's chunk has loaded,
    // instead of flashing the loading frame (and losing the focus that RouteEffects moves).
    startTransition(() => setLocation(currentLocation(entry.key)));
  }, []);
  const value = useMemo<RouterValue>(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The server's router: one fixed location, no navigation. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(() => {
    const url = new URL(location, 'http://localhost');
    return {
      location: { pathname: url.pathname, search: url.search, hash: '', state: null, key: INITIAL_KEY },
      navigate: () => {
        throw new Error('No navigation while rendering on the server.');
      },
    };
  }, [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** A plain link that the router follows without a page load when it is an ordinary click. */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    const newTab = e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0;
    if (e.defaultPrevented || newTab || (rest.target && rest.target !== '_self') || rest.download !== undefined) return;
    e.preventDefault();
    navigate(to, { replace });
  };
  return <a href={to} onClick={follow} {...rest} />;
}

/** A Link that says when it points at the page being shown (`aria-current="page"`, styled by CSS). */
export function NavLink(props: LinkProps) {
  const { pathname } = useLocation();
  const current = cleanPath(pathname) === cleanPath(props.to);
  return <Link aria-current={current ? 'page' : undefined} {...props} />;
}
