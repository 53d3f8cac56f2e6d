import { SplitReport } from './SplitReport';

/** /Report/Usage 'Thống kê sử dụng theo loại tác nghiệp': SMARTPORT vs TOS (spec 02 §2.6.3). */
export function UsageReport() {
  return <SplitReport kind="usage" />;
}
