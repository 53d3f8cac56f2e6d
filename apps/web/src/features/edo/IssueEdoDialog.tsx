import type { LineContainer } from '@smartport/contract';
import { Alert, App, Button, DatePicker, Flex, Form, Input, Modal, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, useTerminalOptions } from '../../components/list-screen/list-screen';
import { useEdoActions } from './api';
import { containerNosToSend, defaultTicked, portToday } from './edo-rows';

interface IssueValues {
  TerminalCode: string;
  BLNo: string;
  ConsigneeTaxCode: string;
  AgentTaxCode?: string;
  ValidUntil: Dayjs;
  Note?: string;
}

/** No day before today (port time) may be an eDO's last day. */
export const pastDay = (d: Dayjs) => d.format('YYYY-MM-DD') < portToday();

/**
 * 'Phát hành eDO': terminal and bill, the bill's containers of the line in the yard (all ticked, those already on an
 * active eDO shown disabled with it), consignee, agent, last day, note. A refusal is shown in the dialog, the input kept.
 */
export function IssueEdoDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<IssueValues>();
  const actions = useEdoActions();
  const terminals = useTerminalOptions(false);
  const [loaded, setLoaded] = useState<LineContainer[] | null>(null);
  const [ticked, setTicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    form.resetFields();
    setLoaded(null);
    setTicked([]);
    setError(null);
    actions.billContainers.reset();
  };

  const loadContainers = async () => {
    setError(null);
    const { TerminalCode, BLNo } = form.getFieldsValue(['TerminalCode', 'BLNo']) as Partial<IssueValues>;
    if (!TerminalCode || !BLNo?.trim()) {
      setError(t('edo.issue.needBl'));
      return;
    }
    try {
      const rows = await actions.billContainers.mutateAsync({ TerminalCode, BLNo: BLNo.trim() });
      setLoaded(rows);
      setTicked(defaultTicked(rows));
    } catch (e) {
      setLoaded(null);
      setTicked([]);
      setError(errorText(e));
    }
  };

  const submit = async (v: IssueValues) => {
    setError(null);
    const ContainerNos = containerNosToSend(loaded, ticked);
    if (ContainerNos === null) {
      setError(t('edo.issue.pickOne'));
      return;
    }
    try {
      const reply = await actions.issue.mutateAsync({
        TerminalCode: v.TerminalCode,
        BLNo: v.BLNo.trim(),
        ConsigneeTaxCode: v.ConsigneeTaxCode.trim(),
        AgentTaxCode: v.AgentTaxCode?.trim() || null,
        ValidUntil: v.ValidUntil.format('YYYY-MM-DD'),
        ContainerNos,
        Note: v.Note?.trim() || null,
      });
      void message.success(reply.message ?? reply.data?.EdoNo ?? '');
      onClose();
    } catch (e) {
      setError(errorText(e));
    }
  };

  // A change of terminal or bill makes the loaded list another bill's.
  const onValuesChange = (changed: Partial<IssueValues>) => {
    if ('TerminalCode' in changed || 'BLNo' in changed) {
      setLoaded(null);
      setTicked([]);
    }
  };

  return (
    <Modal
      open={open}
      title={t('edo.issue.title')}
      okText={t('edo.issue.submit')}
      cancelText={t('edo.action.cancel')}
      okButtonProps={{ loading: actions.issue.isPending }}
      onCancel={onClose}
      onOk={() => form.submit()}
      afterClose={reset}
      width={760}
      destroyOnHidden
    >
      <Form<IssueValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        onValuesChange={onValuesChange}
        initialValues={{ TerminalCode: terminals.options[0]?.value }}
      >
        <Flex gap={12} wrap align="flex-end">
          <Form.Item name="TerminalCode" label={t('edo.filter.terminal')} rules={[{ required: true, message: 'Vui lòng chọn cảng' }]}>
            <Select aria-label={t('edo.filter.terminal')} style={{ width: 120 }} loading={terminals.loading} options={terminals.options} />
          </Form.Item>
          <Form.Item
            name="BLNo"
            label={t('edo.issue.bl')}
            rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập số vận đơn' }]}
            normalize={(v: string) => v?.toUpperCase()}
            style={{ flex: '1 1 200px' }}
          >
            <Input
              aria-label={t('edo.issue.bl')}
              maxLength={50}
              onPressEnter={(e) => {
                e.preventDefault();
                void loadContainers();
              }}
            />
          </Form.Item>
          <Form.Item label=" ">
            <Button onClick={() => void loadContainers()} loading={actions.billContainers.isPending}>
              {t('edo.issue.load')}
            </Button>
          </Form.Item>
        </Flex>
        {loaded ? (
          <div style={{ marginBottom: 16 }}>
            <Typography.Text type="secondary">{t('edo.issue.picked', { count: ticked.length, total: loaded.length })}</Typography.Text>
            <Table<LineContainer>
              rowKey="ContainerNo"
              size="small"
              dataSource={loaded}
              pagination={false}
              scroll={{ x: 520, y: 220 }}
              aria-label={t('edo.issue.containers')}
              rowSelection={{
                selectedRowKeys: ticked,
                onChange: (keys: Key[]) => setTicked(keys.map(String)),
                getCheckboxProps: (r) => ({ disabled: !!r.EdoNo, 'aria-label': r.ContainerNo }),
              }}
              columns={[
                { title: t('edo.col.containerNo'), dataIndex: 'ContainerNo', width: 130 },
                { title: t('edo.col.size'), dataIndex: 'IsoSizetype', width: 80 },
                { title: t('edo.col.fe'), dataIndex: 'FE', width: 50 },
                {
                  title: t('edo.col.edo'),
                  dataIndex: 'EdoNo',
                  render: (no: string | null) =>
                    no ? <Typography.Text type="warning">{t('edo.issue.onEdo', { edoNo: no })}</Typography.Text> : null,
                },
              ]}
            />
          </div>
        ) : (
          <Typography.Paragraph type="secondary">{t('edo.issue.loadHint')}</Typography.Paragraph>
        )}
        <Flex gap={12} wrap>
          <Form.Item
            name="ConsigneeTaxCode"
            label={t('edo.issue.consignee')}
            rules={[{ required: true, whitespace: true, message: t('edo.issue.needConsignee') }]}
            style={{ flex: '1 1 220px' }}
          >
            <Input aria-label={t('edo.issue.consignee')} maxLength={20} />
          </Form.Item>
          <Form.Item name="AgentTaxCode" label={t('edo.issue.agent')} style={{ flex: '1 1 220px' }}>
            <Input aria-label={t('edo.issue.agent')} maxLength={20} />
          </Form.Item>
          <Form.Item
            name="ValidUntil"
            label={t('edo.issue.validUntil')}
            rules={[{ required: true, message: t('edo.issue.needDay') }]}
            style={{ flex: '0 1 180px' }}
          >
            <DatePicker aria-label={t('edo.issue.validUntil')} format="DD/MM/YYYY" disabledDate={pastDay} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="Note" label={t('edo.issue.note')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} role="alert" data-testid="issue-error" />}
    </Modal>
  );
}
