import { App } from 'antd';
import { ShellLayout } from './ShellLayout';

/**
 * The signed-in frame inside antd's App (message, modal and notification for every signed-in screen). It comes with
 * the frame's own chunk: /login loads neither (/login's budget: ≤ 200 KB gzip).
 */
/** Spec 01 §9: a toast (message) stays 5 s unless the call that shows it says otherwise. */
const TOAST_SECONDS = 5;

export function ShellFrame() {
  return (
    <App message={{ duration: TOAST_SECONDS }}>
      <ShellLayout />
    </App>
  );
}
