import { sftpMessages } from '@smartport/contract';
import { Button, Card, Flex, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSftpReadConfig, useSftpRestart, useSftpWriteConfig } from './api';
import { useSftpDialogs } from './sftp-dialogs';

/**
 * 'Cấu hình SFTP' (spec 03 §2.5): the file-transfer service's whole config file in one text area; Load file
 * (sftp/read), Save file (sftp/write: 'Lưu thành công !', a broken text refused with the service's reason) and
 * Restart (sftp/restart: its output in the 'Dữ liệu trả về !' dialog).
 */
export default function SftpConfigPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const read = useSftpReadConfig();
  const write = useSftpWriteConfig();
  const restart = useSftpRestart();
  const dialogs = useSftpDialogs();
  return (
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
          style={{ height: '65vh', fontFamily: 'monospace', fontSize: 13 }}
        />
      </Flex>
    </Card>
  );
}
