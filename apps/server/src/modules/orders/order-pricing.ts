import type { OrderCharges, OrderType } from '@smartport/contract';

/**
 * What order creation asks of the pricing service (docs: shared names; wt-tariff's pricing.service.ts implements it).
 * Kept here until that service is merged, so this module compiles on its own.
 */
export interface PricingContainer {
  ContainerNo: string;
  IsoSizetype: string;
  FE: 'F' | 'E';
  CargoTypeCode: string;
  IsLocalForeign: 'L' | 'F';
  MCWeight: number | null;
  Class: string | null;
  Unno: string | null;
  Temperature: number | null;
  OogTop: number | null;
  OogLeft: number | null;
  OogRight: number | null;
  OogBack: number | null;
  OogFront: number | null;
  PlugHours: number | null;
  DateIn: Date | null;
}
export interface PricingInput {
  TerminalCode: string;
  OrderType: OrderType;
  JobModeCode: string;
  OperationCode: string;
  VesselKey: string | null;
  CustomerCode: string;
  MoneyCredit: string;
  AttachServices: string[];
  at: Date;
  ExpDate: Date;
  containers: PricingContainer[];
}
export type PricingOutcome = { ok: true; charges: OrderCharges } | { ok: false; message: string };
export interface PricingService {
  price(input: PricingInput): Promise<PricingOutcome>;
}
