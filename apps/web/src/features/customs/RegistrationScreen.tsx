import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { containerQtyProblem, type DeclarationRow, declarationMessages as msg, uploadLimits } from '@smartport/contract';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Segmented,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReadOnlyColumn, ReadOnlyGrid } from '../../components/data-grid/ReadOnlyGrid';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { session } from '../../lib/session';
import {
  useAddDeclaration,
  useDeclarations,
  useDeleteDeclarationFile,
  useOwnBusinessCode,
  useUploadDeclarationFile,
  useUploadFolder,
} from './api';
import { ExpandableText, FileLinks, fileNames, isApproved, StatusTag, statusText } from './declaration-ui';

const SAFE_TEXT = /[^A-Z0-9 ._\-/,;]/g;
const upperCase = (e: { target: { value: string } }) => e.target.value.toUpperCase();
const safeBooking = (e: { target: { value: string } }) => e.target.value.toUpperCase().replace(SAFE_TEXT, '').slice(0, 200);

interface FormValues {
  CustomerID?: string;
  CustomNo?: string;
  CustomCode?: string;
  ContainerQty?: number | null;
  CustomDate?: Dayjs | null;
  BL_BookingNo?: string;
  Telphone?: string;
}

type Mode = 'add' | 'lookup';
const noRows: DeclarationRow[] = [];

/** Auto customs clearance registration, export (E) or import (I) goods (spec 01 §2). */
export function RegistrationScreen({ variant }: { variant: 'E' | 'I' }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [mode, setMode] = useState<Mode>('add');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const filesRef = useRef<UploadFile[]>([]);
  filesRef.current = files;
  const [reason, setReason] = useState<string | null>(null);
  const uploadFolder = useUploadFolder();
  const folder = uploadFolder.data?.id ?? null;
  const ownList = { ImportExport: variant };
  const declarations = useDeclarations(ownList, (e) => void message.error(e.message));
  const rows = declarations.data ?? noRows;
  const addDeclaration = useAddDeclaration();
  const uploadFile = useUploadDeclarationFile();
  const deleteFile = useDeleteDeclarationFile();
  // The account's own business code is filled in; a broker or forwarder types its client's instead.
  const ownCustomerId = useOwnBusinessCode().data?.CustomerID ?? null;
  useEffect(() => {
    if (ownCustomerId && !form.getFieldValue('CustomerID')) form.setFieldValue('CustomerID', ownCustomerId);
  }, [form, ownCustomerId]);

  const bookingLabel = variant === 'E' ? t('declarations.booking') : t('declarations.bl');

  const register = async () => {
    const v = form.getFieldsValue();
    const text = (s: string | undefined) => (s ?? '').trim().toUpperCase();
    const checks: [boolean, string][] = [
      [!text(v.CustomerID), msg.customerId],
      [!text(v.CustomNo), msg.customNo],
      [!text(v.CustomCode), msg.customCode],
      [containerQtyProblem(v.ContainerQty) !== null, containerQtyProblem(v.ContainerQty) ?? ''],
      [!v.CustomDate, msg.customDate],
      [!text(v.BL_BookingNo), variant === 'E' ? msg.booking : msg.bl],
      [!files.some((f) => f.status === 'done'), msg.files],
    ];
    const failed = checks.find(([bad]) => bad);
    if (failed) {
      void message.warning(failed[1]);
      return;
    }
    const reply = await addDeclaration
      .mutateAsync({
        CustomerID: text(v.CustomerID),
        CustomNo: text(v.CustomNo),
        CustomCode: text(v.CustomCode),
        ContainerQty: v.ContainerQty ?? null,
        // The declaration date is sent as the start of its day.
        CustomDate: v.CustomDate?.startOf('day').format('YYYY-MM-DD'),
        BL_BookingNo: text(v.BL_BookingNo).slice(0, 200),
        FilePatch: folder,
        ImportExport: variant,
        Telphone: (v.Telphone ?? '').trim() || null,
        TerminalCode: session.terminal(),
      })
      .catch((e: unknown) => {
        const r = e instanceof ApiError ? e.reply : undefined;
        modal.warning({ title: t('declarations.warningTitle'), content: r?.message || r?.out || t('declarations.failed') });
        return null;
      });
    if (!reply) return;
    if (!reply.success) {
      modal.warning({ title: t('declarations.warningTitle'), content: reply.message || reply.out || t('declarations.failed') });
      return;
    }
    modal.success({ title: t('declarations.infoTitle'), content: reply.out || t('declarations.success') });
    form.resetFields(['CustomNo', 'CustomCode', 'ContainerQty', 'CustomDate', 'BL_BookingNo']);
    setFiles([]);
    await uploadFolder.refetch();
    // The registrant's own list again, whatever was looked up before.
    await declarations.search(ownList).catch(() => undefined);
  };

  const lookup = async () => {
    const v = form.getFieldsValue();
    const CustomerID = (v.CustomerID ?? '').trim().toUpperCase();
    const CustomNo = (v.CustomNo ?? '').trim().toUpperCase();
    if (!CustomerID) return void message.warning(msg.customerId);
    if (!CustomNo) return void message.warning(msg.customNo);
    const CustomCode = (v.CustomCode ?? '').trim().toUpperCase();
    try {
      const list = await declarations.search({ CustomerID, CustomNo, ...(CustomCode ? { CustomCode } : {}), ImportExport: variant });
      if (!list.length) void message.info(t('declarations.noData'));
    } catch (e) {
      const r = e instanceof ApiError ? e.reply : undefined;
      modal.error({ title: t('declarations.warningTitle'), content: r?.out || r?.message || t('declarations.failed') });
    }
  };

  const uploadOne = async (file: File, uid: string) => {
    const setStatus = (patch: Partial<UploadFile>) => setFiles((list) => list.map((f) => (f.uid === uid ? { ...f, ...patch } : f)));
    try {
      const reply = await uploadFile.mutateAsync({ folder: folder ?? '', file });
      setStatus({ status: 'done', name: reply.filename ?? file.name, url: reply.url, size: reply.size ?? file.size });
    } catch (e) {
      // The file leaves the list on an upload error (spec 01 §4).
      setFiles((list) => list.filter((f) => f.uid !== uid));
      void message.error((e instanceof ApiError && e.reply?.message) || t('declarations.uploadFailed'));
    }
  };

  const beforeUpload = (file: File & { uid: string }) => {
    if (!folder) {
      void message.error(uploadFolder.data?.problem || msg.folder);
      return Upload.LIST_IGNORE;
    }
    const used = filesRef.current.reduce((s, f) => s + (f.size ?? 0), 0);
    if (used + file.size > uploadLimits.totalBytes) {
      void message.error(msg.totalSize);
      return Upload.LIST_IGNORE;
    }
    const entry: UploadFile = { uid: file.uid, name: file.name, size: file.size, status: 'uploading' };
    filesRef.current = [...filesRef.current, entry];
    setFiles((list) => [...list, entry]);
    void uploadOne(file, file.uid);
    return false;
  };

  const removeFile = async (file: UploadFile) => {
    if (file.status === 'done' && folder) {
      try {
        await deleteFile.mutateAsync({ tmporder: folder, filename: file.name });
      } catch (e) {
        void message.error(t('declarations.deleteFileFailed', { message: (e as Error).message }));
        return false;
      }
    }
    setFiles((list) => list.filter((f) => f.uid !== file.uid));
    return true;
  };

  const columns = useMemo<ReadOnlyColumn<DeclarationRow>[]>(
    () => [
      { key: 'ID', title: t('declarations.id'), width: 110, text: (r) => r.ID },
      { key: 'CustomNo', title: t('declarations.customNo'), width: 130, text: (r) => r.CustomNo },
      {
        key: 'status',
        title: t('declarations.status'),
        width: 180,
        grow: true,
        text: (r) => statusText(r, t),
        render: (r) => (
          <>
            <StatusTag row={r} />
            {!isApproved(r) && r.Note && (
              <Button size="small" type="link" onClick={() => setReason(r.Note)} style={{ paddingInline: 0 }}>
                {t('declarations.viewReason')}
              </Button>
            )}
          </>
        ),
      },
      { key: 'CustomCode', title: t('declarations.customCode'), width: 90, text: (r) => r.CustomCode },
      { key: 'ContainerQty', title: t('declarations.containerQty'), width: 90, align: 'right', text: (r) => String(r.ContainerQty ?? '') },
      { key: 'CustomDate', title: t('declarations.customDate'), width: 110, text: (r) => formatDateTime(r.CustomDate, 'YYYY-MM-DD') },
      {
        key: 'BL_BookingNo',
        title: bookingLabel,
        width: 150,
        grow: true,
        text: (r) => r.BL_BookingNo ?? '',
        render: (r) => <ExpandableText text={r.BL_BookingNo} />,
      },
      { key: 'files', title: t('declarations.files'), width: 190, grow: true, text: fileNames, render: (r) => <FileLinks row={r} /> },
      { key: 'CustomerID', title: t('declarations.customerId'), width: 120, text: (r) => r.CustomerID },
      { key: 'CreatedTime', title: t('declarations.createdTime'), width: 140, text: (r) => formatDateTime(r.CreatedTime) },
    ],
    [t, bookingLabel],
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={8}>
        <Card title={variant === 'E' ? t('declarations.exportTitle') : t('declarations.importTitle')} size="small">
          <Segmented<Mode>
            block
            aria-label={t('declarations.mode')}
            value={mode}
            onChange={setMode}
            options={[
              { value: 'add', label: t('declarations.modeAdd') },
              { value: 'lookup', label: t('declarations.modeLookup') },
            ]}
            style={{ marginBottom: 12 }}
          />
          <Form form={form} layout="vertical" size="middle" requiredMark={false}>
            <Form.Item
              name="CustomerID"
              label={t('declarations.customerId')}
              getValueFromEvent={upperCase}
              extra={ownCustomerId ? t('declarations.customerIdOwn') : undefined}
            >
              <Input maxLength={20} placeholder={t('declarations.customerIdHint')} autoComplete="off" />
            </Form.Item>
            <Form.Item name="CustomNo" label={t('declarations.customNo')} getValueFromEvent={upperCase}>
              <Input maxLength={20} autoComplete="off" />
            </Form.Item>
            <Form.Item name="CustomCode" label={t('declarations.customCode')} getValueFromEvent={upperCase}>
              <Input maxLength={10} autoComplete="off" />
            </Form.Item>
            {mode === 'add' && (
              <>
                <Row gutter={8}>
                  <Col span={12}>
                    <Form.Item
                      name="ContainerQty"
                      label={t('declarations.containerQty')}
                      // Checked as typed (0, -3, 2.5 are refused here, before any upload or registration).
                      rules={[
                        {
                          validator: (_, value) => {
                            const problem = value === null || value === undefined ? null : containerQtyProblem(value);
                            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                          },
                        },
                      ]}
                    >
                      <InputNumber inputMode="numeric" style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name="CustomDate" label={t('declarations.customDate')}>
                      <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item name="BL_BookingNo" label={bookingLabel} getValueFromEvent={safeBooking}>
                  <Input maxLength={200} autoComplete="off" />
                </Form.Item>
                <Form.Item name="Telphone" label={t('declarations.telphone')}>
                  <Input maxLength={20} autoComplete="off" inputMode="tel" />
                </Form.Item>
                <Form.Item label={t('declarations.files')} extra={t('declarations.uploadHint')}>
                  <Upload
                    multiple
                    accept={uploadLimits.extensions.join(',')}
                    fileList={files}
                    beforeUpload={beforeUpload}
                    onRemove={removeFile}
                  >
                    <Button icon={<UploadOutlined />}>{t('declarations.upload')}</Button>
                  </Upload>
                </Form.Item>
                <Button type="primary" block loading={addDeclaration.isPending} onClick={() => void register()}>
                  {t('declarations.register')}
                </Button>
              </>
            )}
            {mode === 'lookup' && (
              <Button type="primary" block loading={declarations.fetching} onClick={() => void lookup()}>
                {t('declarations.lookup')}
              </Button>
            )}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <Card size="small">
          <ReadOnlyGrid<DeclarationRow>
            title={t('declarations.registered')}
            columns={columns}
            rows={rows}
            rowId={(r) => r.Rowguid}
            height="60vh"
            loading={declarations.fetching}
            exportable={false}
            emptyText={t('declarations.noData')}
          />
        </Card>
      </Col>
      <Modal
        open={reason !== null}
        title={t('declarations.reasonTitle')}
        onCancel={() => setReason(null)}
        footer={<Button onClick={() => setReason(null)}>{t('declarations.close')}</Button>}
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{reason}</Typography.Paragraph>
      </Modal>
    </Row>
  );
}
