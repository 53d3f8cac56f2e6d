import { Modal } from 'antd';
import type { PaymentDialogProps } from './types';

export type { PaymentDialogProps, PaymentOutcome, PendingOrderRef } from './types';

/** Payment modal (spec 02 §2.8, §4): confirm → inquiry → partner → payment → invoice → success/error. */
export function PaymentDialog({ orders, open, onClose }: PaymentDialogProps) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="Thanh toán" width={1000} destroyOnHidden>
      {orders.map((o) => o.OrderNo).join(', ')}
    </Modal>
  );
}
