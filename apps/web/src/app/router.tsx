import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { preloadedLazy } from '../lib/preloaded-lazy';
import { loginPath, session } from '../lib/session';
import { prefetchSession } from '../lib/session-queries';
import { shellRoutes } from '../views/shell-routes';
import { PageLoading } from './page-loading';
import { RouteError } from './RouteError';
import { preloadLikelyView } from './view-loaders';

const {
  login: LoginPage,
  publicOrder: PublicOrderPage,
  register: RegisterPage,
  verifyEmail: VerifyEmailPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  signedInFrame: ShellLayout,
} = shellRoutes;
/** Paths anyone may open without a token: besides /login and /order/…, the account pages (registration, reset). */
const publicPaths = ['/login', '/order/', '/register', '/verify-email', '/forgot-password', '/reset-password'];
/** Signed-in screens only: the menu resolution (and the contract it reads) stays out of the first chunk and /login. */
const loadViewOutlet = () => import('./ViewOutlet');
const ViewOutlet = preloadedLazy(() => loadViewOutlet().then((m) => ({ default: m.ViewOutlet })));
/** antd's provider comes with the screens drawn with antd; /login is plain elements. */
const AntdRoot = preloadedLazy(() => import('./AntdRoot'));

const loading = <PageLoading />;
const suspended = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;
const withAntd = (node: ReactNode) => suspended(<AntdRoot>{node}</AntdRoot>);

let startedFor: string | null = null;
/**
 * A signed-in path's first load, started at once and side by side instead of one after the other (the home page's LCP):
 * the user and their menu, the chunk of the view group the path most likely names, the frame's chunks, the menu
 * resolution's chunk and, once the menu is known, the chunk of the group it resolves to. Once per token.
 */
function startSignedIn(queryClient: QueryClient, pathname: string) {
  const token = session.token();
  if (startedFor === token) return;
  startedFor = token;
  // The calls first: the browser opens six connections to the portal and queues the rest in the order asked, so the
  // user and menu calls are not left behind the frame's thirty-odd chunks.
  const reading = prefetchSession(queryClient);
  preloadLikelyView(pathname);
  shellRoutes.preloadSignedInFrame();
  void AntdRoot.preload();
  void ViewOutlet.preload();
  const outlet = loadViewOutlet();
  void reading.then(async (menu) => menu && (await outlet).preloadView(pathname, menu)).catch(() => undefined);
}

/** Without a stored token every path but /login, /order/… and the static pages goes to /login (spec 01 §2). */
function RequireToken({ children }: { children: ReactNode }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  if (!session.token()) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPath(next)} replace />;
  }
  startSignedIn(queryClient, location.pathname);
  return children;
}

// A route that fails (a chunk that cannot load, an error while drawing) shows RouteError, in Vietnamese; a screen's
// own failure stays inside the frame (the children's errorElement), so the menu is still there.
const failed = <RouteError />;
export const router = createBrowserRouter([
  { path: '/login', element: suspended(<LoginPage />), errorElement: failed },
  // Case-sensitive: the public order link is lowercase /order/…; /Order/… is the menu's Order view group ('Duyệt lệnh').
  { path: '/order/:model', caseSensitive: true, element: withAntd(<PublicOrderPage />), errorElement: failed },
  { path: '/register', element: withAntd(<RegisterPage />), errorElement: failed },
  { path: '/verify-email', element: withAntd(<VerifyEmailPage />), errorElement: failed },
  { path: '/forgot-password', element: withAntd(<ForgotPasswordPage />), errorElement: failed },
  { path: '/reset-password', element: withAntd(<ResetPasswordPage />), errorElement: failed },
  {
    path: '/',
    element: <RequireToken>{withAntd(<ShellLayout />)}</RequireToken>,
    errorElement: failed,
    children: [
      { index: true, element: suspended(<ViewOutlet />), errorElement: failed },
      { path: '*', element: suspended(<ViewOutlet />), errorElement: failed },
    ],
  },
]);

// An expired or revoked token: back to /login, then on to the page the user wanted.
setUnauthorizedHandler(() => {
  const { pathname, search, hash } = window.location;
  if (publicPaths.some((p) => pathname.startsWith(p))) return;
  void router.navigate(loginPath(`${pathname}${search}${hash}`), { replace: true });
});
