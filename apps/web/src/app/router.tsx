import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { setUnauthorizedHandler } from '../lib/api-client';
import { loginPath, session } from '../lib/session';
import { shellRoutes } from '../views/shell-routes';
import { PageLoading } from './page-loading';

const { login: LoginPage, publicOrder: PublicOrderPage, signedInFrame: ShellLayout } = shellRoutes;
/** Signed-in screens only: the menu resolution (and the contract it reads) stays out of the first chunk and /login. */
const ViewOutlet = lazy(() => import('./ViewOutlet').then((m) => ({ default: m.ViewOutlet })));
/** antd's provider comes with the screens drawn with antd; /login is plain elements (issue 15). */
const AntdRoot = lazy(() => import('./AntdRoot'));

const loading = <PageLoading />;
const suspended = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;
const withAntd = (node: ReactNode) => suspended(<AntdRoot>{node}</AntdRoot>);

/** Without a stored token every path but /login, /order/… and the static pages goes to /login (spec 01 §2). */
function RequireToken({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!session.token()) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPath(next)} replace />;
  }
  shellRoutes.preloadSignedInFrame();
  return children;
}

export const router = createBrowserRouter([
  { path: '/login', element: suspended(<LoginPage />) },
  // Case-sensitive: the public order link is lowercase /order/…; /Order/… is the menu's Order view group ('Duyệt lệnh').
  { path: '/order/:model', caseSensitive: true, element: withAntd(<PublicOrderPage />) },
  {
    path: '/',
    element: <RequireToken>{withAntd(<ShellLayout />)}</RequireToken>,
    children: [
      { index: true, element: suspended(<ViewOutlet />) },
      { path: '*', element: suspended(<ViewOutlet />) },
    ],
  },
]);

// An expired or revoked token: back to /login, then on to the page the user wanted.
setUnauthorizedHandler(() => {
  const { pathname, search, hash } = window.location;
  if (pathname.startsWith('/login') || pathname.startsWith('/order/')) return;
  void router.navigate(loginPath(`${pathname}${search}${hash}`), { replace: true });
});
