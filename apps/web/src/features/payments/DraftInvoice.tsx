import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDraftInvoice } from './api';
import { errorMessage } from './errors';

// The server escapes every value of the draft; the frame has no scripts and no origin of its own all the same.
const frameStyle = `<style>body{font:13px/1.4 Arial,sans-serif;margin:8px;color:#222}table{border-collapse:collapse;width:100%;margin:6px 0}
th,td{border:1px solid #bbb;padding:3px 6px;vertical-align:top}th{background:#f5f5f5}.num{text-align:right;white-space:nowrap}
h2{text-align:center;font-size:16px}h3{font-size:14px;margin:10px 0 4px}p{margin:3px 0}tfoot td{font-weight:600}</style>`;

/** 'Xem hóa đơn nháp': the order's draft invoice (invoice/draft_inv) as the server writes it. */
export function DraftInvoice({ orderNo, open, onClose }: { orderNo: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const draft = useDraftInvoice(orderNo, open);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('payment.draftTitle')} width={1000} destroyOnHidden>
      {draft.isFetching && <Spin />}
      {draft.isError && <Alert type="error" showIcon title={errorMessage(draft.error)} />}
      {draft.data && !draft.isFetching && (
        <iframe
          title={t('payment.draftTitle')}
          sandbox=""
          srcDoc={`<!doctype html><html lang="vi"><meta charset="utf-8">${frameStyle}${draft.data}</html>`}
          style={{ width: '100%', height: '60vh', border: 0 }}
          data-testid="draft-invoice"
        />
      )}
    </Modal>
  );
}
