import { ConfigProvider } from 'antd';
import viVN from 'antd/es/locale/vi_VN';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import type { ReactNode } from 'react';
import { prefersReducedMotion } from '../lib/reduced-motion';

dayjs.locale('vi');

/**
 * antd's theme and Vietnamese locale, around every screen drawn with antd (the signed-in frame and the public order
 * page). Loaded with those screens, so the first chunk and /login carry no antd at all (/login's budget: ≤ 200 KB).
 * Asked for less motion, antd's transitions (dialogs, menus, drop-downs, messages) are left out.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={viVN} theme={{ token: { colorPrimary: '#0b63b6', borderRadius: 6, motion: !prefersReducedMotion() } }}>
      {children}
    </ConfigProvider>
  );
}
