import SendOutlined from '@ant-design/icons/SendOutlined';
import { reportMail, reportMailMessages } from '@smartport/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../components/settings-form/SettingsForm';
import { saveBody } from '../../components/settings-form/settings-form-values';
import { ApiError } from '../../lib/api-client';
import { useMailReportSendNow } from './api';

/**
 * 'Mail báo cáo' (spec 03 §2.4): the report mail form, and 'Gửi ngay' beside 'Lưu': the same required checks in the
 * same order, a warning that it does not save and sends the period from start minus cycle, then, confirmed, the send
 * ('Gửi mail hoàn tất !').
 */
export default function ReportMailPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const sendNow = useMailReportSendNow();
  return (
    <SettingsForm
      form={reportMail}
      extraActions={(check) => (
        <Button
          icon={<SendOutlined />}
          loading={sendNow.isPending}
          onClick={() => {
            const values = check();
            if (!values) return;
            modal.confirm({
              title: t('reportMail.sendNow'),
              content: reportMailMessages.sendNowWarning,
              okText: t('settingsForm.ok'),
              cancelText: t('settingsForm.cancel'),
              onOk: () =>
                sendNow.mutateAsync(saveBody(reportMail, values)).then(
                  () => void message.success(reportMailMessages.sent),
                  (e: unknown) => void message.error(e instanceof ApiError && e.message ? e.message : t('settingsForm.failed')),
                ),
            });
          }}
        >
          {t('reportMail.sendNow')}
        </Button>
      )}
    />
  );
}
