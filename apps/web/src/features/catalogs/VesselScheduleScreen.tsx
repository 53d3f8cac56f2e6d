import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { vesselScheduleGrid } from '@smartport/contract';
import { App, Button, Card, DatePicker, Flex, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridCard } from '../../components/data-grid/GridCard';
import type { GridValues } from '../../components/data-grid/grid-rows';
import { useGrid } from '../../components/data-grid/use-grid';
import { useTerminals } from '../../lib/session-queries';
import { ALL } from './customer-filter';
import { lookupDone, openingFilter, saveVesselFilter, type VesselScheduleFilter } from './vessel-schedule-filter';

interface VesselForm {
  TerminalCode: string;
  VesselName?: string;
  FromDate?: Dayjs | null;
  ToDate?: Dayjs | null;
}

const toForm = (f: VesselScheduleFilter): VesselForm => ({
  TerminalCode: f.TerminalCode ?? ALL,
  VesselName: f.VesselName ?? '',
  FromDate: f.FromDate ? dayjs(f.FromDate) : null,
  ToDate: f.ToDate ? dayjs(f.ToDate) : null,
});

/** A day range on ETB: from the start of the first day to the end of the last. */
const fromForm = (v: VesselForm): VesselScheduleFilter => {
  const f: VesselScheduleFilter = {};
  if (v.TerminalCode && v.TerminalCode !== ALL) f.TerminalCode = v.TerminalCode;
  if (v.VesselName?.trim()) f.VesselName = v.VesselName.trim();
  if (v.FromDate) f.FromDate = v.FromDate.startOf('day').toISOString();
  if (v.ToDate) f.ToDate = v.ToDate.endOf('day').toISOString();
  return f;
};

/**
 * /common/vessel_schedule (spec 03 §7 `common/getVesselScheduleList`): the filter is kept in local
 * storage and restored when the screen opens; a stored filter with a Rowguid is run at once.
 */
export function VesselScheduleScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const terminals = useTerminals();
  const [opening] = useState(() => openingFilter());
  const [form] = Form.useForm<VesselForm>();
  const [filter, setFilter] = useState<VesselScheduleFilter | null>(opening.runNow ? opening.fields : null);
  const onLoaded = useCallback(
    (rows: GridValues[]) => {
      // Cleared only once it has run: the screen may be mounted again before the first lookup answers.
      lookupDone();
      if (!rows.length) void message.warning(t('catalogs.vessel.notFound'));
    },
    [message, t],
  );
  const model = useGrid(vesselScheduleGrid, { filter, onLoaded });

  const lookup = (values: VesselForm) => {
    if (values.FromDate && values.ToDate && values.FromDate.isAfter(values.ToDate, 'day')) {
      void message.error(t('catalogs.vessel.badRange'));
      return;
    }
    const next = fromForm(values);
    saveVesselFilter(next);
    if (JSON.stringify(next) === JSON.stringify(filter)) void model.actions.reload();
    else setFilter(next);
  };

  return (
    <Flex vertical gap={12}>
      <Card size="small" styles={{ body: { padding: 12 } }}>
        <Form<VesselForm> form={form} layout="inline" initialValues={toForm(opening.fields)} onFinish={lookup} style={{ rowGap: 8 }}>
          <Form.Item name="TerminalCode" label={t('catalogs.vessel.terminal')}>
            <Select
              style={{ width: 200 }}
              loading={terminals.isLoading}
              options={[
                { value: ALL, label: t('catalogs.customer.all') },
                ...(terminals.data ?? []).map((x) => ({ value: x.TerminalCode, label: `${x.TerminalCode} - ${x.TerminalName}` })),
              ]}
            />
          </Form.Item>
          <Form.Item name="VesselName" label={t('catalogs.vessel.vesselName')}>
            <Input allowClear maxLength={100} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="FromDate" label={t('catalogs.vessel.fromDate')}>
            <DatePicker format="DD/MM/YYYY" placeholder={t('catalogs.vessel.fromDatePlaceholder')} />
          </Form.Item>
          <Form.Item name="ToDate" label={t('catalogs.vessel.toDate')}>
            <DatePicker format="DD/MM/YYYY" placeholder={t('catalogs.vessel.toDatePlaceholder')} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={model.loading}>
              {t('catalogs.vessel.lookup')}
            </Button>
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">{t('catalogs.vessel.defaultRange')}</Typography.Text>
      </Card>
      <GridCard model={model} />
    </Flex>
  );
}
