import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe, useTerminals } from '../../lib/session-queries';
import { TwoFactorCard } from './TwoFactorCard';

/** The signed-in user's own account data, the second factor, and a link to the sessions. */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  const terminals = useTerminals();
  const u = me.data;
  if (!u) return null;
  return (
    <>
      <Card title={t('profile.title')} extra={<Link to="/Personal/Sessions">{t('profile.sessions')}</Link>}>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('profile.userId')}>{u.UserID}</Descriptions.Item>
          <Descriptions.Item label={t('profile.userName')}>{u.UserName}</Descriptions.Item>
          <Descriptions.Item label={t('profile.group')}>{`${u.UserGroupName} (${u.UserGroupCode})`}</Descriptions.Item>
          <Descriptions.Item label={t('profile.rank')}>{u.Rank}</Descriptions.Item>
          <Descriptions.Item label={t('profile.email')}>{u.Email}</Descriptions.Item>
          <Descriptions.Item label={t('profile.customer')}>{u.CustomerCode}</Descriptions.Item>
          <Descriptions.Item label={t('profile.terminals')} span={2}>
            {(terminals.data ?? []).map((term) => (
              <Tag key={term.TerminalCode} color={term.ChartColor}>
                {`${term.TerminalCode} - ${term.TerminalName}`}
              </Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <TwoFactorCard />
    </>
  );
}
