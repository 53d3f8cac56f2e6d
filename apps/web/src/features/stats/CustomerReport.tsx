import { RankingReport } from './RankingReport';

/** /CRM/CustomerReport 'Thống kê theo khách hàng' (spec 02 §2.4). */
export default function CustomerReport() {
  return <RankingReport kind="customer" />;
}
