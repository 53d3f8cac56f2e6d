import { type EdoEvent, type EdoRow, edoMessages } from '@smartport/contract';
import { Alert, App, DatePicker, Flex, Form, Input, Modal, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ReasonDialog, ReasonField } from '../../components/list-screen/list-screen';
import { formatDateTime } from '../../lib/format';
import { useEdoActions, useEdoHistory } from './api';
import { pastDay } from './IssueEdoDialog';

interface AmendValues {
  ValidUntil: Dayjs;
  ConsigneeTaxCode: string;
  AgentTaxCode?: string;
  Reason: string;
}

/** 'Sửa': a new last day, consignee or agent, with a reason (edo/amend); a refusal stays in the dialog. */
export function AmendEdoDialog({ row, onClose }: { row: EdoRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AmendValues>();
  const actions = useEdoActions();
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: AmendValues) => {
    if (!row) return;
    setError(null);
    try {
      const reply = await actions.amend.mutateAsync({
        EdoNo: row.EdoNo,
        ValidUntil: v.ValidUntil.format('YYYY-MM-DD'),
        ConsigneeTaxCode: v.ConsigneeTaxCode.trim(),
        AgentTaxCode: v.AgentTaxCode?.trim() || null,
        Reason: v.Reason.trim(),
      });
      void message.success(reply.message ?? edoMessages.amended(row.EdoNo));
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Modal
      open={!!row}
      title={t('edo.amend.title', { edoNo: row?.EdoNo ?? '' })}
      okText={t('edo.amend.submit')}
      cancelText={t('edo.action.cancel')}
      okButtonProps={{ loading: actions.amend.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      width={620}
      destroyOnHidden
    >
      {row && (
        <Form<AmendValues>
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{
            ValidUntil: dayjs(row.ValidUntil),
            ConsigneeTaxCode: row.ConsigneeTaxCode,
            AgentTaxCode: row.AgentTaxCode ?? '',
          }}
        >
          <Typography.Paragraph type="secondary">
            {t('edo.col.bl')}: <b>{row.BLNo}</b> — {t('edo.col.terminal')}: <b>{row.TerminalCode}</b>
          </Typography.Paragraph>
          <Flex gap={12} wrap>
            <Form.Item
              name="ValidUntil"
              label={t('edo.issue.validUntil')}
              rules={[{ required: true, message: t('edo.issue.needDay') }]}
              style={{ flex: '0 1 180px' }}
            >
              <DatePicker aria-label={t('edo.issue.validUntil')} format="DD/MM/YYYY" disabledDate={pastDay} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="ConsigneeTaxCode"
              label={t('edo.issue.consignee')}
              rules={[{ required: true, whitespace: true, message: t('edo.issue.needConsignee') }]}
              style={{ flex: '1 1 180px' }}
            >
              <Input aria-label={t('edo.issue.consignee')} maxLength={20} />
            </Form.Item>
            <Form.Item name="AgentTaxCode" label={t('edo.issue.agent')} style={{ flex: '1 1 180px' }}>
              <Input aria-label={t('edo.issue.agent')} maxLength={20} />
            </Form.Item>
          </Flex>
          <ReasonField />
        </Form>
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </Modal>
  );
}

/** 'Thu hồi': the warning and a reason (edo/revoke); a refusal (an approved order used it) stays in the dialog. */
export function RevokeEdoDialog({ row, onClose }: { row: EdoRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actions = useEdoActions();
  return (
    <ReasonDialog
      open={!!row}
      title={t('edo.revoke.title', { edoNo: row?.EdoNo ?? '' })}
      okText={t('edo.revoke.submit')}
      loading={actions.revoke.isPending}
      onClose={onClose}
      onSubmit={async (reason) => {
        if (!row) return;
        const reply = await actions.revoke.mutateAsync({ EdoNo: row.EdoNo, Reason: reason });
        void message.success(reply.message ?? edoMessages.revoked(row.EdoNo));
      }}
    >
      <Typography.Paragraph>
        {t('edo.revoke.confirm')} {t('edo.col.bl')} <b>{row?.BLNo}</b>, {row?.containers.length ?? 0} container.
      </Typography.Paragraph>
    </ReasonDialog>
  );
}

/** 'Lịch sử': every event of one eDO (edo/history). */
export function EdoHistoryModal({ edoNo, onClose }: { edoNo: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const history = useEdoHistory(edoNo);
  return (
    <Modal open={!!edoNo} title={t('edo.history.title', { edoNo: edoNo ?? '' })} footer={null} onCancel={onClose} width={760}>
      {history.error && <Alert type="error" showIcon title={errorText(history.error)} style={{ marginBottom: 8 }} />}
      <Table<EdoEvent>
        rowKey={(e, i) => `${e.At}-${e.Kind}-${i}`}
        size="small"
        loading={history.isLoading}
        dataSource={history.data ?? []}
        pagination={false}
        scroll={{ x: 620 }}
        aria-label={t('edo.history.title', { edoNo: edoNo ?? '' })}
        locale={{ emptyText: t('edo.history.empty') }}
        columns={[
          { title: t('edo.history.at'), dataIndex: 'At', width: 140, render: (at: string) => formatDateTime(at, 'DD/MM/YYYY HH:mm') },
          { title: t('edo.history.kind'), dataIndex: 'KindName', width: 150 },
          { title: t('edo.history.by'), dataIndex: 'By', width: 130, render: (by: string | null) => by ?? t('edo.history.system') },
          { title: t('edo.history.detail'), dataIndex: 'Detail', render: (d: string | null) => d ?? '' },
        ]}
      />
    </Modal>
  );
}
