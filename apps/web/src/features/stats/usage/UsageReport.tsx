import { ReportFrame } from '../report/ReportFrame';
import { splitReport } from './SplitReport';

const usageReport = splitReport('usage');

/** /Report/Usage 'Thống kê sử dụng theo loại tác nghiệp': SMARTPORT vs TOS (spec 02 §2.6.3). */
export function UsageReport() {
  return <ReportFrame report={usageReport} />;
}
