import './lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { VersionBanner } from './app/VersionBanner';
import { ApiError } from './lib/api-client';

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
      {/* antd's ConfigProvider (app/AntdRoot) and App (features/shell/ShellFrame) wrap the screens drawn with antd only. */}
      <QueryClientProvider client={queryClient}>
        <VersionBanner />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
