import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe, useTerminals } from '../../lib/session-queries';

/** The signed-in user's own account data. */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  const terminals = useTerminals();
  const u = me.data;
  if (!u) return null;
  return (
    <Card title={t('profile.title')}>
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
  );
}
