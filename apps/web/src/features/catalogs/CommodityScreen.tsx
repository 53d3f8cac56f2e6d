import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { catalogs } from '@smartport/contract';
import type { ColDef } from 'ag-grid-community';
import { App, Button, Card, Flex, Radio, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridCard } from '../../components/data-grid/GridCard';
import { type GridRow, hasRowguid } from '../../components/data-grid/grid-rows';
import { useGrid } from '../../components/data-grid/use-grid';
import { type StuffMode, useSaveCommodityLinks, useStuffUnstuffModes } from './api';
import { type EditedLinks, type JobModeLinks, linkedCodes, linksToSave, toggleLink } from './commodity-links';

const LINK_COLUMN = '__linked';
const NONE: JobModeLinks[] = [];

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e ?? ''));

/**
 * /common/commodity (spec 03 §2.1, §4): job modes on the left, switched 'Đóng' / 'Rút', saved with
 * 'Lưu cài đặt'; the commodity catalogue on the right, where the tick column links a commodity to
 * the selected job mode.
 */
export function CommodityScreen() {
  const { t } = useTranslation();
  const { message, modal, notification } = App.useApp();
  const [mode, setMode] = useState<StuffMode>('stuff');
  const modes = useStuffUnstuffModes(mode, t('grid.loadFailed'));
  const jobModes = modes.data ?? NONE;
  const saveLinksCall = useSaveCommodityLinks();
  const [selected, setSelected] = useState<string | null>(null);
  const [edited, setEdited] = useState<EditedLinks>({});
  // Edited job modes count as unsaved work: leaving asks first, as for the grid's own rows.
  const model = useGrid(catalogs.commodity, { otherUnsaved: Object.keys(edited).length });
  const { refreshColumns } = model;

  // Spec 03 §8: a failed job-mode list empties the panel and is toasted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one message per failed load
  useEffect(() => {
    if (modes.error) void message.error(errorText(modes.error) || t('grid.loadFailed'));
  }, [modes.errorUpdatedAt]);

  // The selection follows the list: the first job mode when the one chosen is not in it.
  useEffect(() => {
    setSelected((current) => (jobModes.some((j) => j.JobModeCode === current) ? current : (jobModes[0]?.JobModeCode ?? null)));
  }, [jobModes]);

  const linked = useMemo(() => linkedCodes(jobModes, edited, selected), [jobModes, edited, selected]);
  // The tick column reads these through refs so its definition (and the grid's columns) stay put.
  const state = useRef({ linked, selected, jobModes, edited });
  state.current = { linked, selected, jobModes, edited };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tick column is redrawn whenever the links shown change
  useEffect(() => {
    refreshColumns([LINK_COLUMN]);
  }, [linked, refreshColumns]);

  const linkColumn = useMemo<ColDef<GridRow>[]>(
    () => [
      {
        colId: LINK_COLUMN,
        headerName: t('catalogs.commodity.linked'),
        headerTooltip: t('catalogs.commodity.linkedHint'),
        width: 84,
        minWidth: 72,
        cellDataType: false,
        sortable: false,
        valueGetter: (p) => state.current.linked.has(String(p.data?.values.CommodityCode ?? '')),
        getQuickFilterText: () => '',
        cellRenderer: 'agCheckboxCellRenderer',
        cellEditor: 'agCheckboxCellEditor',
        cellStyle: { textAlign: 'center' },
        // A commodity not saved yet has no code the server knows; save it first.
        editable: (p) => !!p.data && hasRowguid(p.data.values),
        valueSetter: (p) => {
          const { selected: code, jobModes: modes, edited: now } = state.current;
          if (!code) {
            void message.warning(t('catalogs.commodity.noJobMode'));
            return false;
          }
          const commodity = String(p.data?.values.CommodityCode ?? '');
          setEdited(toggleLink(modes, now, code, commodity, !!p.newValue));
          return false;
        },
      },
    ],
    [t, message],
  );

  const switchMode = (next: StuffMode) => {
    setMode(next);
    setSelected(null);
  };

  const saveLinks = () => {
    const body = linksToSave(edited);
    if (!Object.keys(body).length) {
      void message.info(t('catalogs.commodity.nothingToSave'));
      return;
    }
    modal.confirm({
      title: t('grid.confirmSave'),
      okText: t('grid.ok'),
      cancelText: t('grid.cancel'),
      onOk: async () => {
        try {
          await saveLinksCall.mutateAsync(body);
        } catch (e) {
          notification.error({ title: t('grid.saveFailed'), description: errorText(e), duration: 10 });
          return;
        }
        void message.success(t('grid.saved'));
        setEdited({});
        await modes.refetch();
      },
    });
  };

  const editedCount = Object.keys(edited).length;

  return (
    <Flex gap={12} wrap align="flex-start">
      <Card
        size="small"
        style={{ flex: '1 1 400px', maxWidth: 460, minWidth: 0 }}
        styles={{ body: { padding: 12 } }}
        title={
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('catalogs.commodity.jobModesTitle')}
          </Typography.Title>
        }
      >
        <Flex vertical gap={10}>
          <Flex gap={8} wrap justify="space-between" align="center">
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={mode}
              onChange={(e) => switchMode(e.target.value as StuffMode)}
              options={[
                { value: 'stuff', label: t('catalogs.commodity.stuff') },
                { value: 'unstuff', label: t('catalogs.commodity.unstuff') },
              ]}
            />
            <Button type="primary" icon={<SaveOutlined />} onClick={saveLinks} loading={saveLinksCall.isPending}>
              {t('catalogs.commodity.saveLinks')}
            </Button>
          </Flex>
          <Typography.Text type="secondary" role="status">
            {t('catalogs.commodity.editedCount', { count: editedCount })}
          </Typography.Text>
          <Table<JobModeLinks>
            size="small"
            rowKey="JobModeCode"
            loading={modes.isFetching}
            dataSource={jobModes}
            pagination={false}
            tableLayout="fixed"
            scroll={{ y: '50vh' }}
            locale={{ emptyText: t('grid.ag.noRowsToShow') }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: selected ? [selected] : [],
              onChange: (keys) => setSelected(keys[0] ? String(keys[0]) : null),
              columnWidth: 40,
            }}
            onRow={(r) => ({ onClick: () => setSelected(r.JobModeCode), style: { cursor: 'pointer' } })}
            columns={[
              { key: 'stt', title: t('grid.rowNumber'), width: 52, render: (_v, _r, i) => i + 1 },
              { dataIndex: 'JobModeCode', title: t('catalogs.commodity.jobModeCode'), width: 96 },
              {
                dataIndex: 'JobModeName',
                title: t('catalogs.commodity.jobModeName'),
                render: (name: string, r) => (
                  <Flex gap={6} wrap align="center">
                    <span>{name}</span>
                    {edited[r.JobModeCode] && <Tag color="orange">{t('catalogs.commodity.edited')}</Tag>}
                  </Flex>
                ),
              },
              {
                key: 'count',
                title: t('catalogs.commodity.linkedCount'),
                width: 76,
                align: 'right',
                render: (_v, r) => linkedCodes(jobModes, edited, r.JobModeCode).size,
              },
            ]}
          />
        </Flex>
      </Card>
      <div style={{ flex: '999 1 420px', minWidth: 0 }}>
        <GridCard model={model} leadingColumns={linkColumn} />
      </div>
    </Flex>
  );
}
