import type { PendingOrderRow, VesselVoyageRecord } from '@smartport/contract';
import type { ComponentType } from 'react';

/**
 * What the order wizard takes from other features, passed in by views/Task (features never import each other):
 * the customs feature's vessel/voyage picker and the payments feature's dialog.
 */
export type VesselFieldSlot = ComponentType<{
  value: VesselVoyageRecord | null;
  onChange(v: VesselVoyageRecord | null): void;
  /** The order's terminal: the picker lists only its calls (none chosen yet: nothing to pick). */
  terminal?: string;
  /** Calls that left in the last 90 days too (a pickup's containers came on a call that has since departed). */
  past?: boolean;
}>;

export type OrderPayDialogSlot = ComponentType<{
  order: Pick<PendingOrderRow, 'OrderNo' | 'PinCode' | 'TotalAmount' | 'TrarCount'>;
  open: boolean;
  onClose(): void;
  onDone(result: { success: boolean; paid: string[] }): void;
}>;

export interface OrderWizardSlots {
  VesselField: VesselFieldSlot;
  PayDialog: OrderPayDialogSlot;
}
