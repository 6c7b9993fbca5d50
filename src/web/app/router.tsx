import {
  Component,
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  BrowserRouter,
  matchPath,
  useLocation,
  useNavigationType,
  useRoutes,
  type RouteObject,
} from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { queryClient as appQueryClient } from '@web/lib/query-client';
import { USER_QUERY_KEY, type SessionData } from '@web/lib/session';
import { noteLocation } from '@web/lib/hydration';
import { RouteGuard } from './route-guard';
import { RouteErrorPage } from './route-error-page';
import { appRoutes, notFoundRoute, type AppRoute } from './routes';

// Declarative routes (not the data router): the data router's engine would add ~15 kB gzip to the
// landing page for loaders/actions we do not use; data loading is TanStack Query's job.

// The shell (menus, dropdowns) is its own chunk: the landing page never needs it.
let shellChunk: Promise<{ default: ComponentType }> | undefined;
let loadedShell: ComponentType | undefined;
const loadShell = () =>
  (shellChunk ??= import('./shell').then((m) => {
    loadedShell = m.Shell;
    return { default: m.Shell as ComponentType };
  }));
let ShellComponent: ComponentType | undefined;
/**
 * Decided once, at the first render: the shell itself when its chunk is already loaded (a page the
 * server sent as HTML hydrates only once its chunks are in, so nothing suspends and the HTML stays),
 * else the lazy component.
 */
const shellComponent = () => (ShellComponent ??= loadedShell ?? lazy(loadShell));

/** New pages start at the top; back/forward keeps the browser's own restoration. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

type BoundaryProps = { children: ReactNode; resetKey: string };

/** Catches a page that throws while rendering, or a chunk that fails to load. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  componentDidUpdate(prev: BoundaryProps) {
    // Moving to another page gives it a fresh start.
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

function PageFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

function ShellLayout() {
  const Shell = shellComponent();
  return (
    <PageFrame>
      <Shell />
    </PageFrame>
  );
}

const shellLayout = <ShellLayout />;

// One lazy component per route for the app's lifetime; a new one per render would remount the page.
const lazyPages = new WeakMap<AppRoute, ComponentType>();
const pageChunks = new WeakMap<AppRoute, Promise<{ default: ComponentType }>>();
const loadedPages = new WeakMap<AppRoute, ComponentType>();

function loadPage(route: AppRoute) {
  let chunk = pageChunks.get(route);
  if (!chunk) {
    chunk = route.lazy().then((Loaded) => {
      loadedPages.set(route, Loaded);
      return { default: Loaded };
    });
    // a failed load may be retried on the next visit (the error boundary shows the failure)
    chunk.catch(() => pageChunks.delete(route));
    pageChunks.set(route, chunk);
  }
  return chunk;
}

function pageFor(route: AppRoute): ComponentType {
  let Page = lazyPages.get(route);
  if (!Page) {
    // a page whose chunk is already in renders without suspending (see shellComponent)
    Page = loadedPages.get(route) ?? lazy(() => loadPage(route));
    lazyPages.set(route, Page);
  }
  return Page;
}

/** Runs `then` with the signed-in user once the session read has answered (never for a visitor). */
function whenSignedIn(client: QueryClient, then: (user: NonNullable<SessionData>['user']) => void) {
  let done = false;
  const check = () => {
    const state = client.getQueryState<SessionData>(USER_QUERY_KEY);
    if (done || !state || state.status === 'pending') return;
    done = true;
    unsubscribe();
    if (state.status === 'success' && state.data?.user) then(state.data.user);
  };
  const unsubscribe = client.getQueryCache().subscribe(check);
  check();
}

/**
 * Starts downloading the first page's chunk (and the shell's) while React boots and the session is
 * read, instead of one after the other, and the page's first reads as soon as the session says who is
 * signed in: the guard still decides what renders, and page code holds nothing a visitor may not
 * download. Static paths win over ones with parameters, as in the router.
 */
export function preloadRoute(
  pathname: string,
  routes: AppRoute[] = appRoutes,
  client: QueryClient = appQueryClient,
): Promise<unknown> {
  const matches = routesMatching(routes, pathname);
  const route = matches.find((r) => !r.path.includes(':')) ?? matches[0];
  const chunks: Promise<unknown>[] = [];
  if ((route ?? notFoundRoute).layout !== 'bare') chunks.push(loadShell());
  chunks.push(loadPage(route ?? notFoundRoute));
  const prefetch = route?.prefetch;
  if (prefetch && route.guard !== 'public' && route.guard !== 'guest')
    whenSignedIn(client, (user) => void prefetch(client, user).catch(() => {}));
  // settles when the page's chunks are in (a failure shows in the page's error boundary)
  return Promise.all(chunks).catch(() => {});
}

function routeElement(route: AppRoute) {
  const Page = pageFor(route);
  // The guard runs before the page's chunk is requested, so a visitor is redirected at once.
  return (
    <RouteGuard guard={route.guard}>
      <PageFrame>
        <Page />
      </PageFrame>
    </RouteGuard>
  );
}

/** The routes of a list whose path matches a pathname, as the router matches one (whole path). */
function routesMatching(routes: AppRoute[], pathname: string): AppRoute[] {
  return routes.filter((r) => matchPath({ path: r.path, end: true }, pathname) !== null);
}

/** The route objects for the router: the bare pages, and the shell around the others and the 404 page. */
const routeObjects = new WeakMap<AppRoute[], RouteObject[]>();
function routeObjectsFor(routes: AppRoute[]): RouteObject[] {
  let objects = routeObjects.get(routes);
  if (!objects) {
    const toObject = (route: AppRoute): RouteObject => ({ path: route.path, element: routeElement(route) });
    objects = [
      ...routes.filter((r) => r.layout === 'bare').map(toObject),
      {
        element: shellLayout,
        children: [...routes.filter((r) => r.layout !== 'bare'), notFoundRoute].map(toObject),
      },
    ];
    routeObjects.set(routes, objects);
  }
  return objects;
}

export function AppRoutes({ routes = appRoutes }: { routes?: AppRoute[] }) {
  const { pathname } = useLocation();
  // before the new page's components mount: a page other than the one sent as HTML starts hydrated
  noteLocation(pathname);
  const page = useRoutes(routeObjectsFor(routes));
  return (
    <>
      <ScrollToTop />
      {page}
    </>
  );
}

export function AppRouter({ routes }: { routes?: AppRoute[] }) {
  return (
    <BrowserRouter>
      <AppRoutes routes={routes} />
    </BrowserRouter>
  );
}
