import type { TotpEnrolment } from '@smartport/contract';
import { Alert, App, Button, Card, Flex, Input, List, Modal, QRCode, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTotpBegin, useTotpConfirm, useTotpDisable, useTotpStatus } from './api';

/**
 * The user's TOTP second factor on the profile screen: turn it on (scan the QR or type the secret, confirm with a
 * code, keep the recovery codes shown once) or off with a code, unless a terminal's config requires it.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const status = useTotpStatus();
  const begin = useTotpBegin();
  const confirm = useTotpConfirm();
  const disable = useTotpDisable();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const s = status.data;

  const close = () => {
    setEnrolment(null);
    setDisabling(false);
    setCode('');
    setError(null);
  };
  const start = async () => {
    try {
      setEnrolment(await begin.mutateAsync());
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  const submit = async () => {
    if (!code.trim()) return setError(t('login.codeRequired'));
    setError(null);
    try {
      if (enrolment) {
        const got = await confirm.mutateAsync({ Code: code });
        close();
        setCodes(got);
      } else {
        const reply = await disable.mutateAsync({ Code: code });
        close();
        message.success(reply.message ?? t('profile.twoFactorOff'));
      }
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Card title={t('profile.twoFactor')} style={{ marginTop: 16 }} data-testid="two-factor">
      {s && (
        <Flex gap={12} align="center" wrap>
          <Tag color={s.enabled ? 'green' : 'default'}>{s.enabled ? t('profile.twoFactorOn') : t('profile.twoFactorOff')}</Tag>
          {s.required && <Tag color="orange">{t('profile.twoFactorRequired')}</Tag>}
          {s.enabled && <Typography.Text type="secondary">{t('profile.recoveryLeft', { count: s.recoveryLeft })}</Typography.Text>}
          {!s.enabled && (
            <Button type="primary" loading={begin.isPending} onClick={() => void start()}>
              {t('profile.enable')}
            </Button>
          )}
          {s.enabled && !s.required && (
            <Button danger onClick={() => setDisabling(true)}>
              {t('profile.disable')}
            </Button>
          )}
        </Flex>
      )}
      <Modal
        open={!!enrolment || disabling}
        title={enrolment ? t('profile.enable') : t('profile.disable')}
        okText={t('profile.confirm')}
        cancelText={t('profile.cancel')}
        confirmLoading={confirm.isPending || disable.isPending}
        onOk={() => void submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {enrolment ? (
            <>
              <Typography.Paragraph>{t('profile.enrolHelp')}</Typography.Paragraph>
              <Flex justify="center">
                <QRCode value={enrolment.otpauth_url} size={180} />
              </Flex>
              <Typography.Text>
                {t('profile.secret')}:{' '}
                <Typography.Text code copyable data-testid="totp-secret">
                  {enrolment.secret}
                </Typography.Text>
              </Typography.Text>
            </>
          ) : (
            <Typography.Paragraph>{t('profile.disableHelp')}</Typography.Paragraph>
          )}
          <label htmlFor="totp-code">{t('profile.code')}</label>
          <Input
            id="totp-code"
            autoComplete="one-time-code"
            maxLength={30}
            placeholder={t('profile.codePlaceholder')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void submit()}
          />
          {error && <Alert type="error" showIcon message={error} />}
        </Space>
      </Modal>
      <Modal
        open={!!codes}
        title={t('profile.recoveryTitle')}
        closable={false}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => setCodes(null)}>
            {t('profile.done')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('profile.recoveryHelp')}</Typography.Paragraph>
        <List
          size="small"
          grid={{ column: 2 }}
          dataSource={codes ?? []}
          renderItem={(c) => (
            <List.Item>
              <Typography.Text code copyable>
                {c}
              </Typography.Text>
            </List.Item>
          )}
          data-testid="recovery-codes"
        />
      </Modal>
    </Card>
  );
}
