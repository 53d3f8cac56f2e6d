import type { MenuId } from '../menu-catalog';

/**
 * The order types customers create online (spec 02 §2.1, §6): each task-menu entry is one order type with the job
 * modes it may use, whether its containers are full or empty, the document that identifies the cargo, and whether
 * the containers come into the terminal (pre-advice, drop-off) or leave it (pickup). Storage days are charged on
 * the containers that leave (from their DateIn in the yard to the order's expiry), never on drop-offs.
 */
export interface OrderTypeDef {
  /** The task menu entry (route /Task/<menu>). */
  menu: MenuId;
  /** URL-safe name used in the calls (`OrderType`). */
  type: OrderType;
  title: string;
  /** Job modes offered, the first is the default. Service orders offer every service job mode. */
  jobModes: readonly string[];
  /** F full, E empty, * either (chosen per container). */
  FE: 'F' | 'E' | '*';
  /** Which document identifies the cargo: bill of lading (imports), booking (exports and empties), or either. */
  document: 'BLNo' | 'BookingNo' | 'either';
  /** in: the container comes into the terminal; out: it leaves; stay: it is worked on in the yard. */
  direction: 'in' | 'out' | 'stay';
  /** A vessel/voyage is required (laden moves tied to a call). */
  vesselRequired: boolean;
}

export const orderTypeList = [
  'fcl_pre_advice',
  'pre_advice',
  'icd_pre_advice',
  'import_pickup',
  'empty_pickup',
  'stuffing',
  'unstuffing',
  'service',
] as const;
export type OrderType = (typeof orderTypeList)[number];

export const orderTypes: Record<OrderType, OrderTypeDef> = {
  fcl_pre_advice: {
    menu: 'TASK_FCL_PRE_ADVICE',
    type: 'fcl_pre_advice',
    title: 'Hạ container hàng',
    jobModes: ['HBAI'],
    FE: 'F',
    document: 'BookingNo',
    direction: 'in',
    vesselRequired: true,
  },
  pre_advice: {
    menu: 'TASK_PRE_ADVICE',
    type: 'pre_advice',
    title: 'Hạ container rỗng',
    jobModes: ['TRAR'],
    FE: 'E',
    document: 'BLNo',
    direction: 'in',
    vesselRequired: false,
  },
  icd_pre_advice: {
    menu: 'TASK_ICD_PRE_ADVICE',
    type: 'icd_pre_advice',
    title: 'Hạ container về ICD',
    jobModes: ['HICD'],
    FE: '*',
    document: 'either',
    direction: 'in',
    vesselRequired: false,
  },
  import_pickup: {
    menu: 'TASK_IMPORT_PICKUP',
    type: 'import_pickup',
    title: 'Lấy nguyên container',
    jobModes: ['LAYN'],
    FE: 'F',
    document: 'BLNo',
    direction: 'out',
    vesselRequired: true,
  },
  empty_pickup: {
    menu: 'TASK_EMPTY_PICKUP',
    type: 'empty_pickup',
    title: 'Cấp container rỗng',
    jobModes: ['CAPR'],
    FE: 'E',
    document: 'BookingNo',
    direction: 'out',
    vesselRequired: false,
  },
  stuffing: {
    menu: 'TASK_STUFFING',
    type: 'stuffing',
    title: 'Đóng hàng vào container',
    jobModes: ['DONG'],
    FE: 'E',
    document: 'BookingNo',
    direction: 'stay',
    vesselRequired: false,
  },
  unstuffing: {
    menu: 'TASK_UNSTUFFING',
    type: 'unstuffing',
    title: 'Rút hàng khỏi container',
    jobModes: ['RUT'],
    FE: 'F',
    document: 'BLNo',
    direction: 'stay',
    vesselRequired: false,
  },
  service: {
    menu: 'TASK_SERVICE',
    type: 'service',
    title: 'Lệnh dịch vụ',
    jobModes: ['DVBAI', 'DVKT', 'DVKC', 'SLHK'],
    FE: '*',
    document: 'either',
    direction: 'stay',
    vesselRequired: false,
  },
};

/** Order type of a task menu entry. */
export function orderTypeOfMenu(menu: string): OrderTypeDef | undefined {
  return Object.values(orderTypes).find((t) => t.menu === menu);
}

/** Every task menu entry that creates orders: the grant for the shared order calls. */
export const orderTaskMenus = Object.values(orderTypes).map((t) => t.menu) as MenuId[];

/** The six steps of every order screen (spec 02 §2.1 guide). */
export const orderSteps = [
  'Thông tin lệnh',
  'Danh sách container',
  'Đối tượng thanh toán',
  'Tính cước',
  'Thanh toán',
  'Duyệt lệnh',
] as const;

/** Limits of one order. */
export const orderLimits = {
  /** Containers in one order (typed or imported). */
  maxContainers: 500,
  /** Days ahead an order's expiry may be set. */
  maxExpiryDays: 30,
} as const;
