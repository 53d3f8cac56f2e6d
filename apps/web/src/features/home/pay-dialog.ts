import type { PendingOrderRow } from '@smartport/contract';
import type { ComponentType } from 'react';

/**
 * The dialog behind an order row's pay button. Home does not import the payments feature (features never import
 * each other): the home and tracking views pass the payments feature's dialog in.
 */
export type PayOrderDialog = ComponentType<{
  order: PendingOrderRow;
  open: boolean;
  onClose(): void;
  /** The payment flow ran and the dialog closed: the rows are reloaded. */
  onDone(): void;
}>;
