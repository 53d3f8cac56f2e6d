import { lazy } from 'react';

/**
 * The spec's shell routes (spec 01 §2) outside the menu's view groups: /login, /order/:model, and the frame every
 * signed-in path is shown in. The router (app/) reaches features only through views/, as for the menu's pages.
 */
export const shellRoutes = {
  login: lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage }))),
  publicOrder: lazy(() => import('../features/orders/PublicOrderPage').then((m) => ({ default: m.PublicOrderPage }))),
  signedInFrame: lazy(() => import('../features/shell/ShellFrame').then((m) => ({ default: m.ShellFrame }))),
};
