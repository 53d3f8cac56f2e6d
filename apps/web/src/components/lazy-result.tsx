import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Result bundles its 403/404/500 pictures (~10 KB gzip); the frame shows a Result only on a load error or a
// refused path, so it is fetched then, not with every signed-in screen (less JavaScript per route).
const AntdResult = lazy(() => import('antd/es/result'));

/** antd's Result, loaded when first shown. */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntdResult {...props} />
    </Suspense>
  );
}
