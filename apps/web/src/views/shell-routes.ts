import { lazy } from 'react';
import { preloadedLazy } from '../lib/preloaded-lazy';

/**
 * The spec's shell routes (spec 01 §2) outside the menu's view groups: /login, /order/:model, the public account pages
 * (/register, /verify-email, /forgot-password, /reset-password), and the frame every
 * signed-in path is shown in. The router (app/) reaches features only through views/, as for the menu's pages.
 */
const signedInFrame = preloadedLazy(() => import('../features/shell/ShellFrame').then((m) => ({ default: m.ShellFrame })));

export const shellRoutes = {
  login: lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage }))),
  publicOrder: lazy(() => import('../features/orders/PublicOrderPage').then((m) => ({ default: m.PublicOrderPage }))),
  // The public account pages: registration, the verification link, 'Quên mật khẩu?' and the reset link.
  register: lazy(() => import('../features/auth/RegisterPage').then((m) => ({ default: m.RegisterPage }))),
  verifyEmail: lazy(() => import('../features/auth/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage }))),
  forgotPassword: lazy(() => import('../features/auth/PasswordPages').then((m) => ({ default: m.ForgotPasswordPage }))),
  resetPassword: lazy(() => import('../features/auth/PasswordPages').then((m) => ({ default: m.ResetPasswordPage }))),
  signedInFrame,
  /** Starts loading the frame beside antd's provider (app/AntdRoot) instead of after it. */
  preloadSignedInFrame: () => void signedInFrame.preload(),
};
