import { RankingReport } from './RankingReport';

/** /CRM/UserReport 'Thống kê theo người dùng' (spec 02 §2.5). */
export default function UserReport() {
  return <RankingReport kind="user" />;
}
