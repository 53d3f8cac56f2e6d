import { customsHoldMessages, type LineContainer } from '@smartport/contract';
import { Card, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ListFilterForm, usePageTitle } from '../../components/list-screen/list-screen';
import { formatDateTime } from '../../lib/format';
import { type LineFilter, useLineContainers } from './api';
import { classNames } from './edo-rows';

/** 'Container của hãng' (/Line/Containers): the line's containers in the yard of the user's terminals, with customs and eDO. */
export default function LineContainersPage() {
  const { t } = useTranslation();
  const title = t('edo.containersTitle');
  usePageTitle(title);
  const [filter, setFilter] = useState<LineFilter>({});
  const list = useLineContainers(filter);

  const columns: ColumnsType<LineContainer> = [
    { title: t('edo.col.terminal'), dataIndex: 'TerminalCode', width: 70 },
    { title: t('edo.col.containerNo'), dataIndex: 'ContainerNo', width: 130, fixed: 'left' },
    { title: t('edo.col.size'), dataIndex: 'IsoSizetype', width: 80 },
    { title: t('edo.col.fe'), dataIndex: 'FE', width: 50 },
    { title: t('edo.col.direction'), dataIndex: 'ClassCode', width: 100, render: (c: string) => classNames[c] ?? c },
    {
      title: t('edo.col.blBooking'),
      key: 'bl',
      width: 170,
      render: (_: unknown, r) => r.BLNo ?? r.BookingNo ?? '',
    },
    { title: t('edo.col.dateIn'), dataIndex: 'DateIn', width: 140, render: (d: string) => formatDateTime(d, 'DD/MM/YYYY HH:mm') },
    {
      title: t('edo.col.customs'),
      dataIndex: 'CustomsHold',
      width: 130,
      render: (held: boolean | null) =>
        held === null ? null : held ? (
          <Typography.Text type="danger">{customsHoldMessages.held}</Typography.Text>
        ) : (
          <Typography.Text type="success">{customsHoldMessages.released}</Typography.Text>
        ),
    },
    { title: t('edo.col.edo'), dataIndex: 'EdoNo', width: 120, render: (no: string | null) => no ?? '' },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
    >
      <ListFilterForm
        filter={filter}
        placeholder={t('edo.filter.findContainer')}
        searchWidth={260}
        loading={list.isFetching}
        onChange={setFilter}
        onReload={() => void list.refetch()}
      />
      {list.error && (
        <Space style={{ marginBottom: 8 }}>
          <Typography.Text type="danger">{errorText(list.error)}</Typography.Text>
        </Space>
      )}
      <Table<LineContainer>
        rowKey={(r) => `${r.TerminalCode}-${r.ContainerNo}`}
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        columns={columns}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        scroll={{ x: 990 }}
        locale={{ emptyText: t('edo.emptyContainers') }}
        aria-label={title}
      />
    </Card>
  );
}
