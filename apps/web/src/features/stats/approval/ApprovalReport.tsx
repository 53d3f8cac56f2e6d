import { ReportFrame } from '../report/ReportFrame';
import { splitReport } from '../usage/SplitReport';
import { approvalDashboard } from './ApprovalDashboard';

const approvalReport = splitReport('approval', (period) => <ReportFrame report={approvalDashboard} period={period} />);

/**
 * /Report/Approval 'Thống kê duyệt lệnh theo loại tác nghiệp': TỰ ĐỘNG vs DUYỆT TAY (spec 02 §2.6.4), with the
 * approval statistics dashboard of §2.7 at the end of the screen, over the same period.
 */
export function ApprovalReport() {
  return <ReportFrame report={approvalReport} />;
}
