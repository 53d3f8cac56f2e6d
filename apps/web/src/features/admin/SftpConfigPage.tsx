import { sftpMessages } from '@smartport/contract';
import { Alert, Button, Card, Descriptions, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSftpReadConfig, useSftpRestart, useSftpStatus, useSftpWriteConfig } from './api';
import { useSftpDialogs } from './sftp-dialogs';

/**
 * 'Cấu hình SFTP' (spec 03 §2.5): the file-transfer service's whole config file in one text area; Load file
 * (sftp/read), Save file (sftp/write: 'Lưu thành công !', a broken text refused with the service's reason) and
 * Restart (sftp/restart: its output in the 'Dữ liệu trả về !' dialog). Above it, read only (sftp/status): the address
 * clients connect to, the host key's fingerprint (SHA256:…, as OpenSSH prints it) with a copy button for clients to pin,
 * and the wrong-password limits of the config in force.
 */
export default function SftpConfigPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const read = useSftpReadConfig();
  const write = useSftpWriteConfig();
  const restart = useSftpRestart();
  const dialogs = useSftpDialogs();
  const status = useSftpStatus();
  const s = status.data;
  return (
    <Flex vertical gap={8}>
      {status.error && <Alert type="warning" showIcon title={t('sftp.statusUnavailable', { message: status.error.message })} />}
      {s && (
        <Card title={t('sftp.serviceTitle')} size="small">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'address',
                label: t('sftp.listenAddress'),
                children: (
                  <Typography.Text
                    code
                  >{`sftp://${s.sftp_host.includes(':') ? `[${s.sftp_host}]` : s.sftp_host}:${s.sftp_port}`}</Typography.Text>
                ),
              },
              {
                key: 'fingerprint',
                label: t('sftp.fingerprint'),
                children: (
                  <Flex vertical>
                    <Typography.Text
                      code
                      copyable={{ text: s.fingerprint, tooltips: [t('sftp.copy'), t('sftp.copied')] }}
                      data-testid="sftp-fingerprint"
                    >
                      {s.fingerprint}
                    </Typography.Text>
                    <Typography.Text type="secondary">{t('sftp.fingerprintHint')}</Typography.Text>
                  </Flex>
                ),
              },
              {
                key: 'limits',
                label: t('sftp.guessLimits'),
                children: t('sftp.guessLimitsText', {
                  failures: s.settings.max_failures,
                  window: Math.round(s.settings.failure_window_seconds / 6) / 10,
                  lock: Math.round(s.settings.lock_seconds / 6) / 10,
                }),
              },
            ]}
          />
        </Card>
      )}
      <Card
        title={t('sftp.configTitle')}
        size="small"
        extra={
          <Space wrap>
            <Button loading={read.isPending} onClick={() => read.mutate(undefined, { onSuccess: setText, onError: dialogs.failed })}>
              Load file
            </Button>
            <Button
              type="primary"
              loading={write.isPending}
              onClick={() => {
                if (!text.trim()) return dialogs.alert(sftpMessages.emptyConfig);
                write.mutate({ data: text }, { onSuccess: () => dialogs.alert(sftpMessages.saved), onError: dialogs.failed });
              }}
            >
              Save file
            </Button>
            <Button
              danger
              loading={restart.isPending}
              onClick={() => restart.mutate({}, { onSuccess: dialogs.returned, onError: dialogs.failed })}
            >
              Restart
            </Button>
          </Space>
        }
      >
        <Flex vertical gap={8}>
          <Input.TextArea
            aria-label={t('sftp.configTitle')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            spellCheck={false}
            style={{ height: '55vh', fontFamily: 'monospace', fontSize: 13 }}
          />
        </Flex>
      </Card>
    </Flex>
  );
}
