import { App } from 'antd';
import { ShellLayout } from './ShellLayout';

/**
 * The signed-in frame inside antd's App (message, modal and notification for every signed-in screen). It comes with
 * the frame's own chunk: /login loads neither (issue 15, /login ≤ 200 KB gzip).
 */
export function ShellFrame() {
  return (
    <App>
      <ShellLayout />
    </App>
  );
}
