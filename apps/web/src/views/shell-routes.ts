import { lazy } from 'react';
import { preloadedLazy } from '../lib/preloaded-lazy';

/**
 * The spec's shell routes (spec 01 §2) outside the menu's view groups: /login, /order/:model, and the frame every
 * signed-in path is shown in. The router (app/) reaches features only through views/, as for the menu's pages.
 */
const signedInFrame = preloadedLazy(() => import('../features/shell/ShellFrame').then((m) => ({ default: m.ShellFrame })));

export const shellRoutes = {
  login: lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage }))),
  publicOrder: lazy(() => import('../features/orders/PublicOrderPage').then((m) => ({ default: m.PublicOrderPage }))),
  signedInFrame,
  /** Starts loading the frame beside antd's provider (app/AntdRoot) instead of after it. */
  preloadSignedInFrame: () => void signedInFrame.preload(),
};
