import './lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import viVN from 'antd/locale/vi_VN';
import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { VersionBanner } from './app/VersionBanner';
import { ApiError } from './lib/api-client';

dayjs.locale('vi');

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // A refused or expired session is not retried; network trouble is, once.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConfigProvider locale={viVN} theme={{ token: { colorPrimary: '#0b63b6', borderRadius: 6 } }}>
        {/* antd's App (message, modal, notification) wraps the signed-in frame only (features/shell/ShellFrame). */}
        <QueryClientProvider client={queryClient}>
          <VersionBanner />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </StrictMode>,
  );
}
