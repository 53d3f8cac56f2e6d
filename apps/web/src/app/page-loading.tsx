import './page-loading.css';

/** What a route shows while its chunk loads: a plain spinner (antd's Spin would bring antd into the first chunk). */
export function PageLoading() {
  return (
    <div className="sp-page-loading" role="status" aria-label="Đang tải">
      <span className="sp-page-loading__dot" />
    </div>
  );
}
