import { catalogs } from '@smartport/contract';
import { Button, Card, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridCard } from '../../components/data-grid/GridCard';
import { useGrid } from '../../components/data-grid/use-grid';
import { useCustomerLevels, useCustomerTypes } from './api';
import { ALL, type CustomerFilterForm, type CustomerListRequest, customerListRequest, initialCustomerFilter } from './customer-filter';

/** Rows per page of the customer grid, the one paged catalogue (spec 03 §2.1). */
const CUSTOMER_PAGE_SIZE = 50;

/** /common/customer: the filter panel on the left, the paged customer grid on the right (spec 03 §2.1). */
export function CustomerScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<CustomerFilterForm>();
  const [filter, setFilter] = useState<CustomerListRequest>({});
  const model = useGrid(catalogs.customer, { filter });
  const types = useCustomerTypes();
  const levels = useCustomerLevels();
  const all = { value: ALL, label: t('catalogs.customer.all') };

  const lookup = (values: CustomerFilterForm) => {
    const next = customerListRequest(values);
    // The same filter again still asks the server (someone else may have changed the list).
    if (JSON.stringify(next) === JSON.stringify(filter)) void model.actions.reload();
    else setFilter(next);
  };

  return (
    <Flex gap={12} wrap align="flex-start">
      <Card
        title={
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('catalogs.customer.filterTitle')}
          </Typography.Title>
        }
        size="small"
        style={{ flex: '1 1 240px', maxWidth: 320 }}
      >
        <Form<CustomerFilterForm>
          form={form}
          layout="vertical"
          initialValues={initialCustomerFilter}
          onFinish={lookup}
          aria-label={t('catalogs.customer.filterTitle')}
        >
          <Form.Item name="CustomerTypeCode" label={t('catalogs.customer.type')}>
            <Select
              loading={types.isLoading}
              options={[all, ...(types.data ?? []).map((x) => ({ value: x.CustomerTypeCode, label: x.CustomerTypeName }))]}
            />
          </Form.Item>
          <Form.Item name="CustomerLevelCode" label={t('catalogs.customer.level')}>
            <Select
              loading={levels.isLoading}
              options={[all, ...(levels.data ?? []).map((x) => ({ value: x.CustomerLevelCode, label: String(x.CustomerLevelCode) }))]}
            />
          </Form.Item>
          <Form.Item name="TaxCode" label={t('catalogs.customer.taxCode')}>
            <Input allowClear maxLength={20} />
          </Form.Item>
          <Form.Item name="CustomerName" label={t('catalogs.customer.name')}>
            <Input allowClear maxLength={300} />
          </Form.Item>
          <Form.Item name="MoneyCredit" label={t('catalogs.customer.moneyCredit')}>
            <Radio.Group
              options={[
                { value: ALL, label: t('catalogs.customer.all') },
                { value: 'M', label: t('catalogs.customer.payNow') },
                { value: 'C', label: t('catalogs.customer.payLater') },
              ]}
            />
          </Form.Item>
          <Form.Item name="IsActive" label={t('catalogs.customer.active')}>
            <Radio.Group
              options={[
                { value: ALL, label: t('catalogs.customer.all') },
                { value: '1', label: t('catalogs.customer.isActive') },
                { value: '0', label: t('catalogs.customer.isInactive') },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={model.loading}>
            {t('catalogs.customer.lookup')}
          </Button>
        </Form>
      </Card>
      <div style={{ flex: '999 1 480px', minWidth: 0 }}>
        <GridCard model={model} pageSize={CUSTOMER_PAGE_SIZE} />
      </div>
    </Flex>
  );
}
