import type { OrderStatus } from '@smartport/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { rowguid, tz } from '../../db/columns';
import { terminals } from '../shell/terminals.table';

/** Order status: A unpaid, P awaiting approval, C approved, D cancelled (spec 02 §3). */
export const orders = pgTable(
  'orders',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 }).notNull().unique(),
    ParentOrderNo: varchar('parent_order_no', { length: 30 }),
    PinCode: varchar('pin_code', { length: 30 }).notNull(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    MoneyCredit: varchar('money_credit', { length: 1 }).notNull(),
    OrderStatus: varchar('order_status', { length: 1 }).$type<OrderStatus>().notNull().default('A'),
    TotalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    CurrencyCode: varchar('currency_code', { length: 3 }).notNull().default('VND'),
    OperationCode: varchar('operation_code', { length: 10 }),
    VesselKey: varchar('vessel_key', { length: 30 }),
    BookingNo: varchar('booking_no', { length: 50 }),
    /** The depot of an empty pickup / empty return ('Danh mục depot' of the order's terminal), else null. */
    DepotCode: varchar('depot_code', { length: 20 }),
    BLNo: varchar('bl_no', { length: 50 }),
    ShipperName: text('shipper_name'),
    ExpDate: tz('exp_date'),
    TransactionId: varchar('transaction_id', { length: 64 }),
    SkipApproval: boolean('skip_approval').notNull().default(false),
    IsAutoApproved: boolean('is_auto_approved').notNull().default(true),
    Source: varchar('source', { length: 3 }).notNull().default('SMP'),
    Note: text('note'),
    CreatedBy: varchar('created_by', { length: 50 }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    // Orders created online: OrderType is the task screen's type (contract orderTypes); null for TOS/demo rows.
    OrderType: varchar('order_type', { length: 20 }),
    /** Before VAT and the VAT of the priced lines (TotalAmount = Amount + VatAmount for orders priced by the engine). */
    Amount: bigint('amount', { mode: 'number' }),
    VatAmount: bigint('vat_amount', { mode: 'number' }),
    PricedAt: tz('priced_at'),
    /**
     * When it last entered 'Duyệt lệnh' (status P): set by the database whenever the status becomes P (migration
     * trigger `orders_waiting_since`), so every path (payment, pay-later confirmation, customs wait) records it. The
     * statistics count a staff approval's wait from it.
     */
    WaitingSince: tz('waiting_since'),
    ApprovedBy: varchar('approved_by', { length: 50 }),
    ApprovedTime: tz('approved_time'),
    RejectReason: text('reject_reason'),
    CancelledBy: varchar('cancelled_by', { length: 50 }),
    CancelledTime: tz('cancelled_time'),
    /** TOS delivery of an approved order (contract tosStatus): none, pending, sent, refused, failed. */
    TosStatus: varchar('tos_status', { length: 10 }).notNull().default('none'),
    TosMessage: text('tos_message'),
    TosOrderNo: varchar('tos_order_no', { length: 40 }),
    TosAttempts: smallint('tos_attempts').notNull().default(0),
    TosNextTry: tz('tos_next_try'),
    /**
     * Paid (or confirmed to pay later) while customs held a container, with approval otherwise not needed: the order
     * waits (P) and is approved by itself once customs releases its last held container.
     */
    CustomsWait: boolean('customs_wait').notNull().default(false),
    /**
     * An import pickup of a line not on eDO: released against the paper delivery order attached to it, which staff check
     * in 'Duyệt lệnh' (it always waits for them).
     */
    PaperDo: boolean('paper_do').notNull().default(false),
    /** The screen's key of one draft (task/order/save ClientKey): a second save with it answers the first order. */
    ClientKey: uuid('client_key'),
    /** SHA-256 of the draft saved under ClientKey: the same key with another draft is refused, not answered the first order. */
    ClientDraftHash: varchar('client_draft_hash', { length: 64 }),
    /**
     * When the last of its containers passed the gate out (the TOS's yard events): the order is completed (HT). The
     * status stays C, which statistics and approval read; 'Hoàn tất' is derived from this time.
     */
    CompletedAt: tz('completed_at'),
    /**
     * When the job 'orders.expire-unpaid' found it still unpaid (A) past its ExpDate: from then on it is out of the
     * statistics' figures (docs/decisions.md "Which orders the statistics count"). Payment later still counts it.
     */
    ExpiredUnpaidAt: tz('expired_unpaid_at'),
    /** An extension order (gia hạn): the order whose expiry it extends, for the extra storage and reefer time it charges. */
    ExtendsOrderNo: varchar('extends_order_no', { length: 30 }),
  },
  (t) => [
    uniqueIndex('orders_client_key_uq').on(t.CreatedBy, t.ClientKey).where(sql`${t.ClientKey} is not null`),
    // Approved orders the TOS has not taken yet (the TOS push job's queue).
    index('orders_tos_queue_idx').on(t.TosNextTry).where(sql`${t.TosStatus} in ('pending', 'failed')`),
    index('orders_terminal_created_idx').on(t.TerminalCode, t.CreatedTime),
    index('orders_customer_idx').on(t.CustomerCode),
    index('orders_extends_idx').on(t.ExtendsOrderNo).where(sql`${t.ExtendsOrderNo} is not null`),
    index('orders_pin_idx').on(t.PinCode),
    // The home page's orders awaiting payment (status A, no transaction) of a customer or a terminal, newest first:
    // a few rows among a customer's hundreds of orders.
    index('orders_pending_idx').on(t.CustomerCode, t.CreatedTime).where(sql`${t.OrderStatus} = 'A' and ${t.TransactionId} is null`),
    // The expiry job's queue: unpaid orders not yet marked expired, by expiry.
    index('orders_unpaid_expiry_idx').on(t.ExpDate).where(sql`${t.OrderStatus} = 'A' and ${t.ExpiredUnpaidAt} is null`),
    index('orders_terminal_pending_idx')
      .on(t.TerminalCode, t.CreatedTime)
      .where(sql`${t.OrderStatus} = 'A' and ${t.TransactionId} is null`),
  ],
);

export const orderContainers = pgTable(
  'order_containers',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    ContainerNo: varchar('container_no', { length: 11 }).notNull(),
    IsoSizetype: varchar('iso_sizetype', { length: 4 }).notNull(),
    FE: varchar('fe', { length: 1 }).notNull(),
    Teu: smallint('teu').notNull(),
    CargoTypeCode: varchar('cargo_type_code', { length: 10 }),
    Commodity: text('commodity'),
    ClassCode: smallint('class_code'),
    IsLocalForeign: varchar('is_local_foreign', { length: 1 }),
    POL: varchar('pol', { length: 5 }),
    POD: varchar('pod', { length: 5 }),
    FPOD: varchar('fpod', { length: 5 }),
    MCWeight: numeric('mc_weight', { precision: 10, scale: 2, mode: 'number' }),
    SealNo: varchar('seal_no', { length: 30 }),
    CusHold: boolean('cus_hold'),
    Temperature: numeric('temperature', { precision: 5, scale: 1, mode: 'number' }),
    Vent: varchar('vent', { length: 10 }),
    VentUnit: varchar('vent_unit', { length: 10 }),
    ImoClass: varchar('imo_class', { length: 10 }),
    Unno: varchar('unno', { length: 10 }),
    OogTop: integer('oog_top'),
    OogLeft: integer('oog_left'),
    OogRight: integer('oog_right'),
    OogBack: integer('oog_back'),
    OogFront: integer('oog_front'),
    Amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    // What the order screen checked and priced.
    LocalSizetype: varchar('local_sizetype', { length: 10 }),
    DateIn: tz('date_in'),
    PlugHours: numeric('plug_hours', { precision: 8, scale: 2, mode: 'number' }),
    /** The line's eDO that released the container to this order (import pickups of a line on eDO). */
    EdoNo: varchar('edo_no', { length: 30 }),
    /** The yard's facts from the TOS (its times): allocated (PB), through the gate in and out. */
    AllocatedAt: tz('allocated_at'),
    GateInTime: tz('gate_in_time'),
    GateOutTime: tz('gate_out_time'),
  },
  (t) => [index('order_containers_order_idx').on(t.OrderNo), index('order_containers_cntr_idx').on(t.ContainerNo)],
);

/** Raw file content (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Files attached to an order (common/getFilesInOrder). */
export const orderFiles = pgTable(
  'order_files',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    FileName: text('file_name').notNull(),
    ContentType: varchar('content_type', { length: 100 }).notNull(),
    FileSize: integer('file_size').notNull(),
    Content: bytea('content').notNull(),
    CreatedBy: varchar('created_by', { length: 50 }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [index('order_files_order_idx').on(t.OrderNo)],
);

/** The priced lines of an order (contract chargeLine), kept as computed when the order was saved: the draft invoice. */
export const orderCharges = pgTable(
  'order_charges',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    LineNo: integer('line_no').notNull(),
    ContainerNo: varchar('container_no', { length: 11 }),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    JobModeName: text('job_mode_name').notNull(),
    ChargeKind: varchar('charge_kind', { length: 10 }).notNull(),
    Source: varchar('source', { length: 10 }).notNull(),
    TariffCode: varchar('tariff_code', { length: 30 }).notNull(),
    TariffName: text('tariff_name').notNull(),
    IsoSizetype: varchar('iso_sizetype', { length: 4 }),
    FE: varchar('fe', { length: 1 }),
    CargoTypeCode: varchar('cargo_type_code', { length: 10 }),
    Quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    Unit: varchar('unit', { length: 10 }).notNull(),
    UnitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    TariffCurrency: varchar('tariff_currency', { length: 3 }).notNull(),
    TariffPrice: numeric('tariff_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    ExchangeRate: numeric('exchange_rate', { precision: 14, scale: 4, mode: 'number' }),
    Amount: bigint('amount', { mode: 'number' }).notNull(),
    VatRate: smallint('vat_rate').notNull(),
    VatAmount: bigint('vat_amount', { mode: 'number' }).notNull(),
    Total: bigint('total', { mode: 'number' }).notNull(),
    Explanation: text('explanation').notNull(),
  },
  (t) => [uniqueIndex('order_charges_line_uq').on(t.OrderNo, t.LineNo)],
);
