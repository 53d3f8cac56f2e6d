import type { PendingOrderRow, VesselVoyageRecord } from '@smartport/contract';
import type { ComponentType } from 'react';

/**
 * What the order wizard takes from other features, passed in by views/Task (features never import each other):
 * the customs feature's vessel/voyage picker and the payments feature's dialog.
 */
export type VesselFieldSlot = ComponentType<{ value: VesselVoyageRecord | null; onChange(v: VesselVoyageRecord | null): void }>;

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
