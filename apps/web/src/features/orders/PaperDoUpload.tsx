import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { App, Button, Flex, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttachOrderFile } from './api';

/**
 * The paper delivery order (D/O) of a saved import pickup of a line not on eDO: attached to the order (PDF, JPG, PNG;
 * the server checks the type by content) for staff to check before approving in 'Duyệt lệnh'.
 */
export function PaperDoUpload({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const attach = useAttachOrderFile();
  const [files, setFiles] = useState<string[]>([]);
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="paper-do">
      <Typography.Text>{t('orders.paperDo.label')}</Typography.Text>
      <Upload
        accept=".pdf,.jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(file) => {
          attach
            .mutateAsync({ orderNo, file })
            .then((r) => {
              setFiles((f) => [...f, file.name]);
              message.success(r.message);
            })
            .catch((e: Error) => message.error(e.message));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={attach.isPending}>
          {t('orders.paperDo.attach')}
        </Button>
      </Upload>
      {files.map((f) => (
        <Tag key={f} color="green">
          {f}
        </Tag>
      ))}
    </Flex>
  );
}
