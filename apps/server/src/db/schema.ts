import type { OrderStatus } from '@smartport/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// Wire names (TerminalCode, OperationCode…) are the Drizzle keys; SQL columns are snake_case.
const rowguid = () => uuid('rowguid').primaryKey().defaultRandom();
const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const terminals = pgTable('terminals', {
  TerminalCode: varchar('terminal_code', { length: 10 }).primaryKey(),
  TerminalName: text('terminal_name').notNull(),
  TerminalNameEnglish: text('terminal_name_english').notNull(),
  Address: text('address').notNull(),
  Tel: varchar('tel', { length: 50 }).notNull(),
  Fax: varchar('fax', { length: 50 }).notNull(),
  Web: varchar('web', { length: 200 }).notNull(),
  ChartColor: varchar('chart_color', { length: 9 }).notNull(),
  IsActive: boolean('is_active').notNull().default(true),
  /** Rows of the contact screen (/config/contact_config) are addressed by it, like every grid row. */
  Rowguid: uuid('rowguid').notNull().unique().defaultRandom(),
});

export const userGroups = pgTable('user_groups', {
  UserGroupCode: varchar('user_group_code', { length: 50 }).primaryKey(),
  UserGroupName: text('user_group_name').notNull(),
  Rank: smallint('rank').notNull().default(10),
});

export const users = pgTable(
  'users',
  {
    UserID: varchar('user_id', { length: 50 }).primaryKey(),
    UserName: text('user_name').notNull(),
    PasswordHash: text('password_hash').notNull(),
    UserGroupCode: varchar('user_group_code', { length: 50 })
      .notNull()
      .references(() => userGroups.UserGroupCode),
    TerminalCodes: text('terminal_codes').array().notNull().default(sql`'{}'::text[]`),
    CustomerCode: varchar('customer_code', { length: 20 }),
    Email: varchar('email', { length: 200 }),
    Phone: varchar('phone', { length: 30 }),
    IsActive: boolean('is_active').notNull().default(true),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    Rowguid: uuid('rowguid').notNull().defaultRandom().unique(),
  },
  (t) => [index('users_group_idx').on(t.UserGroupCode)],
);

export const menus = pgTable('menus', {
  MenuID: varchar('menu_id', { length: 50 }).primaryKey(),
  ParentID: varchar('parent_id', { length: 50 }),
  MenuName: text('menu_name').notNull(),
  Path: varchar('path', { length: 200 }),
  ViewClass: varchar('view_class', { length: 50 }),
  ViewPage: varchar('view_page', { length: 100 }),
  Icon: varchar('icon', { length: 50 }),
  OrderBy: integer('order_by').notNull().default(0),
});

export const groupMenus = pgTable(
  'group_menus',
  {
    UserGroupCode: varchar('user_group_code', { length: 50 })
      .notNull()
      .references(() => userGroups.UserGroupCode, { onDelete: 'cascade' }),
    MenuID: varchar('menu_id', { length: 50 })
      .notNull()
      .references(() => menus.MenuID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.UserGroupCode, t.MenuID] })],
);

export const sessions = pgTable(
  'sessions',
  {
    Jti: uuid('jti').primaryKey(),
    UserID: varchar('user_id', { length: 50 })
      .notNull()
      .references(() => users.UserID, { onDelete: 'cascade' }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    ExpiresAt: tz('expires_at').notNull(),
    RevokedAt: tz('revoked_at'),
    ClientIp: varchar('client_ip', { length: 64 }),
  },
  (t) => [index('sessions_user_idx').on(t.UserID)],
);

/** Failed logins counted per key ('u:<user>' or 'ip:<address>') inside a time window. */
export const loginFailures = pgTable('login_failures', {
  Key: varchar('key', { length: 120 }).primaryKey(),
  Count: integer('count').notNull(),
  WindowStart: tz('window_start').notNull(),
});

export const systemSettings = pgTable('system_settings', {
  Key: varchar('key', { length: 100 }).primaryKey(),
  Value: jsonb('value').notNull(),
  UpdatedTime: tz('updated_time').notNull().defaultNow(),
});

export const shippingLines = pgTable('shipping_lines', {
  Rowguid: rowguid(),
  OperationCode: varchar('operation_code', { length: 10 }).notNull().unique(),
  OperationName: text('operation_name').notNull(),
  IsActive: boolean('is_active').notNull().default(true),
  IsEDO: boolean('is_edo').notNull().default(false),
  IsLF: varchar('is_lf', { length: 1 }),
  MoneyCredit: varchar('money_credit', { length: 1 }).notNull().default('M'),
});

export const customerTypes = pgTable('customer_types', {
  CustomerTypeCode: varchar('customer_type_code', { length: 10 }).primaryKey(),
  CustomerTypeName: text('customer_type_name').notNull(),
});

export const customers = pgTable(
  'customers',
  {
    Rowguid: rowguid(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().unique(),
    TaxCode: varchar('tax_code', { length: 20 }).notNull(),
    CustomerName: text('customer_name').notNull(),
    Address: text('address'),
    Email: varchar('email', { length: 200 }),
    Represent: text('represent'),
    Phone: varchar('phone', { length: 30 }),
    MoneyCredit: varchar('money_credit', { length: 1 }).notNull().default('M'),
    CustomerLevelCode: smallint('customer_level_code').notNull().default(1),
    CustomerTypeCode: varchar('customer_type_code', { length: 10 }).references(() => customerTypes.CustomerTypeCode),
    IsActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('customers_tax_idx').on(t.TaxCode)],
);

export const vesselVoyages = pgTable(
  'vessel_voyages',
  {
    VesselKey: varchar('vessel_key', { length: 30 }).primaryKey(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    VesselName: text('vessel_name').notNull(),
    VesselImVoy: varchar('vessel_im_voy', { length: 20 }).notNull(),
    VesselExVoy: varchar('vessel_ex_voy', { length: 20 }).notNull(),
    OperationCode: varchar('operation_code', { length: 10 }),
    ETA: tz('eta'),
    ETB: tz('etb'),
    ETD: tz('etd'),
    Status: smallint('status').notNull().default(1),
  },
  (t) => [index('vessel_voyages_terminal_etb_idx').on(t.TerminalCode, t.ETB)],
);

export const jobModes = pgTable('job_modes', {
  Rowguid: rowguid(),
  JobModeCode: varchar('job_mode_code', { length: 10 }).notNull().unique(),
  JobModeName: text('job_mode_name').notNull(),
  IsLoLo: boolean('is_lolo').notNull().default(false),
  IsCFSStuff: boolean('is_cfs_stuff').notNull().default(false),
  IsCFSUnstuff: boolean('is_cfs_unstuff').notNull().default(false),
  IsCFSChange: boolean('is_cfs_change').notNull().default(false),
  IsServiceYard: boolean('is_service_yard').notNull().default(false),
  IsServiceNonCont: boolean('is_service_non_cont').notNull().default(false),
  ExtraMode: smallint('extra_mode').notNull().default(0),
});

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
    // Issue 14: orders created online. OrderType is the task screen's type (contract orderTypes); null for TOS/demo rows.
    OrderType: varchar('order_type', { length: 20 }),
    /** Before VAT and the VAT of the priced lines (TotalAmount = Amount + VatAmount for orders priced by the engine). */
    Amount: bigint('amount', { mode: 'number' }),
    VatAmount: bigint('vat_amount', { mode: 'number' }),
    PricedAt: tz('priced_at'),
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
    /** The screen's key of one draft (task/order/save ClientKey): a second save with it answers the first order. */
    ClientKey: uuid('client_key'),
  },
  (t) => [
    uniqueIndex('orders_client_key_uq').on(t.CreatedBy, t.ClientKey).where(sql`${t.ClientKey} is not null`),
    // Approved orders the TOS has not taken yet (the TOS push job's queue).
    index('orders_tos_queue_idx').on(t.TosNextTry).where(sql`${t.TosStatus} in ('pending', 'failed')`),
    index('orders_terminal_created_idx').on(t.TerminalCode, t.CreatedTime),
    index('orders_customer_idx').on(t.CustomerCode),
    index('orders_pin_idx').on(t.PinCode),
    // The home page's orders awaiting payment (status A, no transaction) of a customer or a terminal, newest first:
    // a few rows among a customer's hundreds of orders (issue 15).
    index('orders_pending_idx').on(t.CustomerCode, t.CreatedTime).where(sql`${t.OrderStatus} = 'A' and ${t.TransactionId} is null`),
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
    // Issue 14: what the order screen checked and priced.
    LocalSizetype: varchar('local_sizetype', { length: 10 }),
    DateIn: tz('date_in'),
    PlugHours: numeric('plug_hours', { precision: 8, scale: 2, mode: 'number' }),
  },
  (t) => [index('order_containers_order_idx').on(t.OrderNo), index('order_containers_cntr_idx').on(t.ContainerNo)],
);

/** Transfer status -1 failed, 0 incomplete, 1 successful (spec 02 §3). */
export const payments = pgTable(
  'payments',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    PartnerCode: varchar('partner_code', { length: 20 }).notNull(),
    IdempotencyKey: varchar('idempotency_key', { length: 80 }).notNull(),
    Amount: bigint('amount', { mode: 'number' }).notNull(),
    Status: smallint('status').notNull().default(0),
    TransactionId: varchar('transaction_id', { length: 64 }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    CompletedTime: tz('completed_time'),
    /** Who started the attempt (the completion event goes to that user). */
    UserID: varchar('user_id', { length: 50 }),
    /** The partner is being asked to confirm this attempt (OTP sent on): it may not be superseded meanwhile. */
    Confirming: boolean('confirming').notNull().default(false),
    /** The card gateway answered the start (OTP sent, this many digits): a repeated start reuses the attempt. */
    OtpLength: smallint('otp_length'),
    /** Service fee of the channel (VND) charged on this payment; the MB summary's ThanhToan (spec 02 §3). */
    ServiceFee: bigint('service_fee', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('payments_idempotency_uq').on(t.IdempotencyKey),
    // One live (incomplete) attempt per order: a new attempt supersedes the old one in the same transaction.
    uniqueIndex('payments_live_once_uq').on(t.OrderNo).where(sql`status = 0`),
    index('payments_order_idx').on(t.OrderNo),
    // Money safety: an order has at most one successful payment, whatever races above it.
    uniqueIndex('payments_paid_once_uq').on(t.OrderNo).where(sql`status = 1`),
  ],
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

/** Invoice status Y issued, C cancelled (spec 02 §3). */
export const invoices = pgTable(
  'invoices',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    InvoiceSeries: varchar('invoice_series', { length: 10 }).notNull(),
    InvoiceNo: varchar('invoice_no', { length: 20 }).notNull(),
    TaxAuthorityCode: varchar('tax_authority_code', { length: 40 }),
    Status: varchar('status', { length: 1 }).notNull().default('Y'),
    Amount: bigint('amount', { mode: 'number' }).notNull(),
    IssueDate: tz('issue_date').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_series_no_uq').on(t.InvoiceSeries, t.InvoiceNo),
    index('invoices_order_idx').on(t.OrderNo),
    // One issued invoice per order: a repeated publish returns it instead of issuing another.
    uniqueIndex('invoices_issued_once_uq').on(t.OrderNo).where(sql`status = 'Y'`),
  ],
);

/** Payment partners per terminal (spec 03 §3 'Payment partner'; screen /config/pay_partner_config). */
export const payPartners = pgTable(
  'pay_partners',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    partnerCode: varchar('partner_code', { length: 20 }).notNull(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    bankName: text('bank_name'),
    partnerName: text('partner_name'),
    reconFolder: text('recon_folder'),
    isQR: boolean('is_qr').notNull().default(false),
    visible: boolean('visible').notNull().default(true),
    orderBy: integer('order_by').notNull().default(0),
  },
  (t) => [uniqueIndex('pay_partners_key_uq').on(t.TerminalCode, t.partnerCode, t.bankCode)],
);

// Catalogues (spec 03 §3). Each business key is unique; rows are addressed by Rowguid.
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    Rowguid: rowguid(),
    CurrencyCode: varchar('currency_code', { length: 3 }).notNull(),
    Rate: numeric('rate', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    DateOfRate: tz('date_of_rate').notNull(),
    IsActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('exchange_rates_key_uq').on(t.CurrencyCode, t.DateOfRate)],
);

export const paymentTypes = pgTable('payment_types', {
  Rowguid: rowguid(),
  PaymentTypeCode: varchar('payment_type_code', { length: 10 }).notNull().unique(),
  PaymentTypeName: text('payment_type_name').notNull(),
  MoneyCredit: varchar('money_credit', { length: 1 }).notNull().default('M'),
});

export const containerStatuses = pgTable('container_statuses', {
  Rowguid: rowguid(),
  ContainerStatusCode: varchar('container_status_code', { length: 10 }).notNull().unique(),
  ContainerStatusName: text('container_status_name').notNull(),
});

export const cargoTypes = pgTable('cargo_types', {
  Rowguid: rowguid(),
  CargoTypeCode: varchar('cargo_type_code', { length: 10 }).notNull().unique(),
  CargoTypeName: text('cargo_type_name').notNull(),
});

export const classes = pgTable('classes', {
  Rowguid: rowguid(),
  ClassCode: varchar('class_code', { length: 10 }).notNull().unique(),
  ClassName: text('class_name').notNull(),
});

export const jobs = pgTable('jobs', {
  Rowguid: rowguid(),
  JobCode: varchar('job_code', { length: 10 }).notNull().unique(),
  JobName: text('job_name').notNull(),
  IsQuay: boolean('is_quay').notNull().default(false),
  IsYard: boolean('is_yard').notNull().default(false),
  IsGate: boolean('is_gate').notNull().default(false),
});

export const methods = pgTable('methods', {
  Rowguid: rowguid(),
  MethodCode: varchar('method_code', { length: 10 }).notNull().unique(),
  MethodName: text('method_name').notNull(),
  MappingMethod: varchar('mapping_method', { length: 20 }),
});

export const transits = pgTable('transits', {
  Rowguid: rowguid(),
  TransitCode: varchar('transit_code', { length: 10 }).notNull().unique(),
  TransitName: text('transit_name').notNull(),
  Note: text('note'),
});

export const commodities = pgTable('commodities', {
  Rowguid: rowguid(),
  CommodityCode: varchar('commodity_code', { length: 20 }).notNull().unique(),
  CommodityName: text('commodity_name').notNull(),
});

/** Commodities linked to a stuffing/unstuffing job mode (ConfigList, spec 03 §2.1 commodity screen). */
export const jobModeCommodities = pgTable(
  'job_mode_commodities',
  {
    JobModeCode: varchar('job_mode_code', { length: 10 })
      .notNull()
      .references(() => jobModes.JobModeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    CommodityCode: varchar('commodity_code', { length: 20 })
      .notNull()
      .references(() => commodities.CommodityCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.JobModeCode, t.CommodityCode] })],
);

/**
 * Attached orders per job mode (spec 03 §2.4 'Attached config', /config/attach_config), per terminal and scope: operator,
 * vessel call, payee and local/foreign, each a code or * (all). The tariff engine reads them through
 * `AttachConfigService.attachedServicesFor` (most specific scope wins, docs/decisions.md).
 */
export const attachConfigs = pgTable(
  'attach_configs',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    VesselKey: varchar('vessel_key', { length: 30 }).notNull().default('*'),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    IsLocalForeign: varchar('is_local_foreign', { length: 1 }).notNull().default('*'),
    JobModeCode: varchar('job_mode_code', { length: 10 })
      .notNull()
      .references(() => jobModes.JobModeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    AttachServiceCode: varchar('attach_service_code', { length: 10 })
      .notNull()
      .references(() => jobModes.JobModeCode, { onDelete: 'cascade', onUpdate: 'cascade' }),
    IsFixed: boolean('is_fixed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('attach_configs_scope_uq').on(
      t.TerminalCode,
      t.JobModeCode,
      t.OperationCode,
      t.VesselKey,
      t.CustomerCode,
      t.IsLocalForeign,
      t.AttachServiceCode,
    ),
  ],
);

/** Notifications shown to signed-in users (spec 01 §2 notification configuration). */
export const notifications = pgTable(
  'notifications',
  {
    Rowguid: rowguid(),
    MailTitle: text('mail_title').notNull(),
    NotifyContent: text('notify_content'),
    NotifyFrom: tz('notify_from').notNull(),
    NotifyTo: tz('notify_to').notNull(),
    NotifyNote: text('notify_note'),
    IsActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('notifications_key_uq').on(t.MailTitle, t.NotifyFrom),
    index('notifications_window_idx').on(t.NotifyFrom, t.NotifyTo),
  ],
);

/** Every exchange with the customs system (spec 01 §3 customs request log row). */
export const customsRequestLog = pgTable(
  'customs_request_log',
  {
    RequestId: uuid('request_id').primaryKey().defaultRandom(),
    RequestTime: tz('request_time').notNull().defaultNow(),
    SenderBy: varchar('sender_by', { length: 50 }).notNull(),
    RequestType: varchar('request_type', { length: 10 }).notNull(),
    /** Voyage of a 363 message; its terminal scopes who may read the row. */
    VoyageKey: varchar('voyage_key', { length: 30 }),
    TerminalCode: varchar('terminal_code', { length: 10 }),
    DeclareNos: text('declare_nos').array().notNull().default(sql`'{}'::text[]`),
    ContainerNos: text('container_nos').array().notNull().default(sql`'{}'::text[]`),
    RawRequest: text('raw_request').notNull(),
    RawResponse: text('raw_response').notNull(),
  },
  (t) => [index('customs_request_log_time_idx').on(t.RequestTime)],
);

/** Queued 367 messages of the single release scan and their results (spec 01 §4 single scan). */
export const customsMessages = pgTable(
  'customs_messages',
  {
    MsgGroupId: uuid('msg_group_id').primaryKey().defaultRandom(),
    DeclareNo: varchar('declare_no', { length: 20 }).notNull(),
    Office: varchar('office', { length: 10 }).notNull(),
    SenderBy: varchar('sender_by', { length: 50 }).notNull(),
    SentTime: tz('sent_time').notNull().defaultNow(),
    GatewayMsgId: varchar('gateway_msg_id', { length: 64 }),
    /** queued | done | failed */
    State: varchar('state', { length: 10 }).notNull().default('queued'),
    FailureCode: varchar('failure_code', { length: 40 }),
    ResponseFunc: smallint('response_func'),
    Result: jsonb('result'),
    FinishedTime: tz('finished_time'),
  },
  (t) => [index('customs_messages_decl_idx').on(t.DeclareNo, t.Office, t.SentTime)],
);

/** Temporary upload folders (FilePatch) handed out by common/makeRowguid; files wait here until custom/add. */
export const uploadFolders = pgTable('upload_folders', {
  FilePatch: uuid('file_patch').primaryKey().defaultRandom(),
  CreatedBy: varchar('created_by', { length: 50 })
    .notNull()
    .references(() => users.UserID, { onDelete: 'cascade' }),
  CreatedTime: tz('created_time').notNull().defaultNow(),
});

/** Files of an upload folder; FileName is the stored, checked name inside the folder. */
export const declarationFiles = pgTable(
  'declaration_files',
  {
    Rowguid: rowguid(),
    FilePatch: uuid('file_patch')
      .notNull()
      .references(() => uploadFolders.FilePatch, { onDelete: 'cascade' }),
    FileName: varchar('file_name', { length: 200 }).notNull(),
    Size: integer('size').notNull(),
    Mime: varchar('mime', { length: 100 }).notNull(),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('declaration_files_name_uq').on(t.FilePatch, t.FileName)],
);

/** Customs declaration registrations (spec 01 §3): Status 0 pending, 1 approved. */
export const customsDeclarations = pgTable(
  'customs_declarations',
  {
    Rowguid: rowguid(),
    Seq: serial('seq').notNull(),
    ID: varchar('id', { length: 20 }).notNull().generatedAlwaysAs(sql`'DK' || lpad(seq::text, 8, '0')`),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    CustomerID: varchar('customer_id', { length: 20 }).notNull(),
    CustomNo: varchar('custom_no', { length: 20 }).notNull(),
    CustomCode: varchar('custom_code', { length: 10 }).notNull(),
    ContainerQty: integer('container_qty').notNull(),
    CustomDate: tz('custom_date').notNull(),
    BL_BookingNo: varchar('bl_booking_no', { length: 200 }).notNull(),
    ImportExport: varchar('import_export', { length: 1 }).notNull(),
    FilePatch: uuid('file_patch')
      .notNull()
      .unique()
      .references(() => uploadFolders.FilePatch),
    FileLists: text('file_lists').notNull().default(''),
    Status: smallint('status').notNull().default(0),
    Note: text('note'),
    CreatedBy: varchar('created_by', { length: 50 }).notNull(),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    ActionBy: varchar('action_by', { length: 50 }),
    ActionTime: tz('action_time'),
    Telphone: varchar('telphone', { length: 30 }),
  },
  (t) => [
    uniqueIndex('customs_declarations_id_uq').on(t.ID),
    index('customs_declarations_customer_idx').on(t.CustomerID, t.CustomNo),
    index('customs_declarations_terminal_created_idx').on(t.TerminalCode, t.CreatedTime),
  ],
);

/**
 * The port's own container records (the terminal operating system's view of each visit) that an
 * uploaded spreadsheet is compared with (spec 03 §2.3, §4). Class and status names come from the
 * catalogues; the vessel call is kept as the TOS recorded it.
 */
export const portContainers = pgTable(
  'port_containers',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    ContainerNo: varchar('container_no', { length: 11 }).notNull(),
    ClassCode: varchar('class_code', { length: 10 }).notNull(),
    IsoSizetype: varchar('iso_sizetype', { length: 4 }).notNull(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull(),
    FE: varchar('fe', { length: 1 }).notNull(),
    DateIn: tz('date_in').notNull(),
    DateOut: tz('date_out'),
    VesselKey: varchar('vessel_key', { length: 30 }),
    VesselCode: varchar('vessel_code', { length: 20 }),
    VesselName: text('vessel_name'),
    VesselImVoy: varchar('vessel_im_voy', { length: 20 }),
    VesselExVoy: varchar('vessel_ex_voy', { length: 20 }),
    CallSeq: integer('call_seq'),
    CallYear: smallint('call_year'),
    BLNo: varchar('bl_no', { length: 50 }),
    BookingNo: varchar('booking_no', { length: 50 }),
    ContainerStatusCode: varchar('container_status_code', { length: 10 }).notNull(),
  },
  (t) => [
    uniqueIndex('port_containers_visit_uq').on(t.TerminalCode, t.ContainerNo, t.DateIn),
    index('port_containers_cntr_idx').on(t.ContainerNo, t.DateIn),
  ],
);

/**
 * Scheduled jobs (apps/server/src/jobs): the last tick each job ran, claimed atomically so that with
 * several portal instances a tick runs once, and the outcome of the last run for staff and logs.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  Name: varchar('name', { length: 100 }).primaryKey(),
  /** floor(start time / the job's period) of the last run that started; -1 before the first. */
  LastTick: bigint('last_tick', { mode: 'number' }).notNull().default(-1),
  RunCount: integer('run_count').notNull().default(0),
  LastStarted: tz('last_started'),
  LastFinished: tz('last_finished'),
  /** Which instance ran it last (host:pid), for the logs. */
  LastInstance: varchar('last_instance', { length: 200 }),
  LastError: text('last_error'),
});

/**
 * Money follow-ups staff must see (issue 10): a transfer that arrived for an order no longer payable
 * (kind `refund`: cancelled, already paid, wrong amount), and a paid order whose invoice the server
 * could not publish yet (kind `invoice`: retried by the invoices.publish job with backoff, then left
 * for staff). One table, one staff list (payment/followups).
 */
export const paymentFollowups = pgTable(
  'payment_followups',
  {
    Rowguid: rowguid(),
    Kind: varchar('kind', { length: 10 }).notNull(),
    OrderNo: varchar('order_no', { length: 30 }).notNull(),
    PartnerCode: varchar('partner_code', { length: 20 }),
    IdempotencyKey: varchar('idempotency_key', { length: 80 }),
    TransactionId: varchar('transaction_id', { length: 64 }),
    Amount: bigint('amount', { mode: 'number' }),
    /** refund: order_cancelled | already_paid | amount_mismatch; invoice: publish_failed. */
    Reason: varchar('reason', { length: 30 }).notNull(),
    /** open (to do / to retry), failed (retries exhausted: staff), done. */
    Status: varchar('status', { length: 10 }).notNull().default('open'),
    Attempts: integer('attempts').notNull().default(0),
    NextTryTime: tz('next_try_time'),
    LastError: text('last_error'),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    UpdatedTime: tz('updated_time').notNull().defaultNow(),
  },
  (t) => [
    index('payment_followups_order_idx').on(t.OrderNo),
    // A transfer is recorded for refund once, however often its notice comes.
    uniqueIndex('payment_followups_refund_uq').on(t.PartnerCode, t.TransactionId).where(sql`kind = 'refund'`),
    // One invoice follow-up per order.
    uniqueIndex('payment_followups_invoice_uq').on(t.OrderNo).where(sql`kind = 'invoice'`),
  ],
);

// Configuration (spec 03 §3 "Configuration", migration 0011_config).

/** Size type row: an operator's own size code and the ISO size type it stands for (/config/size_type). */
export const sizeTypes = pgTable(
  'size_types',
  {
    Rowguid: rowguid(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull(),
    LocalSizetype: varchar('local_sizetype', { length: 10 }).notNull(),
    IsoSizetype: varchar('iso_sizetype', { length: 4 }).notNull(),
    CargoTypeCode: varchar('cargo_type_code', { length: 10 }),
    CargoEmptyCode: varchar('cargo_empty_code', { length: 10 }),
  },
  (t) => [uniqueIndex('size_types_key_uq').on(t.OperationCode, t.LocalSizetype)],
);

/** Job-mode mapping row: a portal job mode (by size and cargo type, * = all) as the TOS names it. */
export const mappingJobModes = pgTable(
  'mapping_job_modes',
  {
    Rowguid: rowguid(),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    ContSize: varchar('cont_size', { length: 4 }).notNull().default('*'),
    CargoTypeCode: varchar('cargo_type_code', { length: 10 }).notNull().default('*'),
    TosCode: varchar('tos_code', { length: 30 }).notNull(),
    TosDescription: text('tos_description'),
    TosUsed: boolean('tos_used').notNull().default(true),
    MappingMethod: varchar('mapping_method', { length: 20 }),
  },
  (t) => [uniqueIndex('mapping_job_modes_key_uq').on(t.JobModeCode, t.ContSize, t.CargoTypeCode)],
);

/**
 * Free day rule (spec 03 §3 "Free day rule row", /config/free_day): one rule of a template, the template's header
 * (Name and the fields chosen on the left) stored on every rule. Read by the tariff engine through
 * modules/settings/storage-rules.ts: the index serves "the rules of a terminal valid at a moment".
 */
export const freeDayRules = pgTable(
  'free_day_rules',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    Name: varchar('name', { length: 100 }).notNull(),
    ApplyDate: tz('apply_date').notNull(),
    ExpireDate: tz('expire_date').notNull(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    IsLocalForiend: varchar('is_local_foreign', { length: 1 }).notNull().default('*'),
    MoneyCredit: varchar('money_credit', { length: 1 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    isRFCheck: smallint('is_rf_check').notNull().default(0),
    LaneCode: varchar('lane_code', { length: 10 }).notNull().default('*'),
    VesselCode: varchar('vessel_code', { length: 20 }).notNull().default('*'),
    ClassCode: varchar('class_code', { length: 10 }).notNull().default('*'),
    FE: varchar('fe', { length: 1 }).notNull(),
    CargoTypeCode: varchar('cargo_type_code', { length: 10 }).notNull().default('*'),
    StartTime: varchar('start_time', { length: 7 }).notNull(),
    EndTime: varchar('end_time', { length: 7 }).notNull(),
    FreeDay: integer('free_day').notNull().default(0),
  },
  (t) => [
    uniqueIndex('free_day_rules_key_uq').on(t.TerminalCode, t.Name, t.ClassCode, t.FE, t.CargoTypeCode),
    index('free_day_rules_terminal_period_idx').on(t.TerminalCode, t.ApplyDate, t.ExpireDate),
    check('free_day_rules_free_day_ck', sql`${t.FreeDay} between 0 and 365`),
    check('free_day_rules_period_ck', sql`${t.ExpireDate} >= ${t.ApplyDate}`),
  ],
);

/** Reefer config row (spec 03 §3, /config/reffer_config): how plugged hours are billed, per terminal, operator (* all), payment type. */
export const reeferConfigs = pgTable(
  'reefer_configs',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    Name: varchar('name', { length: 100 }),
    ApplyDate: tz('apply_date').notNull(),
    ExpireDate: tz('expire_date').notNull(),
    Rounding: varchar('rounding', { length: 2 }).notNull().default('R0'),
    HourAdding: integer('hour_adding').notNull().default(0),
    MoneyCredit: varchar('money_credit', { length: 1 }).notNull(),
  },
  (t) => [
    uniqueIndex('reefer_configs_key_uq').on(t.TerminalCode, t.OperationCode, t.MoneyCredit, t.ApplyDate),
    index('reefer_configs_terminal_period_idx').on(t.TerminalCode, t.ApplyDate, t.ExpireDate),
    check('reefer_configs_hour_adding_ck', sql`${t.HourAdding} >= 0`),
    check('reefer_configs_period_ck', sql`${t.ExpireDate} >= ${t.ApplyDate}`),
  ],
);

/**
 * Question row: a criterion of the customer rating (spec 03 §3 "Question row", spec 02 §2.6 rating report).
 * QuestionCode numbers the criterion for the ratings (0 is reserved for free-text notes: codes start at 1).
 */
export const questions = pgTable('questions', {
  Rowguid: rowguid(),
  QuestionCode: integer('question_code').notNull().unique().generatedByDefaultAsIdentity({ startWith: 1 }),
  QuestionName: text('question_name').notNull().unique(),
  IsActive: boolean('is_active').notNull().default(true),
});

/** Mail order row: mail the orders of a shipping line when they reach a state (DL, PB, HT), at once, periodically or daily. */
export const mailOrders = pgTable(
  'mail_orders',
  {
    Rowguid: rowguid(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull(),
    MailTitle: text('mail_title').notNull(),
    MailCC: text('mail_cc').notNull(),
    DataFilter: varchar('data_filter', { length: 2 }).notNull(),
    DelayType: varchar('delay_type', { length: 3 }).notNull(),
    DelayTime: varchar('delay_time', { length: 5 }),
    IsActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('mail_orders_key_uq').on(t.OperationCode, t.DataFilter, t.DelayType)],
);

/**
 * One order that reached a mail-order rule's state, waiting for its mail: due at once (TGT), at the end of the
 * rule's period (TCK) or at the rule's daily time (GHN). Orders due together for one rule go in one mail.
 */
export const mailOrderEvents = pgTable(
  'mail_order_events',
  {
    Id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    RuleRowguid: uuid('rule_rowguid')
      .notNull()
      .references(() => mailOrders.Rowguid, { onDelete: 'cascade' }),
    OrderNo: varchar('order_no', { length: 30 }).notNull(),
    DataFilter: varchar('data_filter', { length: 2 }).notNull(),
    DueTime: tz('due_time').notNull(),
    /** Taken by a sender until then (another instance leaves it); cleared when a send fails. */
    ClaimedUntil: tz('claimed_until'),
    SentTime: tz('sent_time'),
    Attempts: integer('attempts').notNull().default(0),
    LastError: text('last_error'),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_order_events_uq').on(t.RuleRowguid, t.OrderNo, t.DataFilter),
    index('mail_order_events_due_idx').on(t.DueTime).where(sql`sent_time is null`),
  ],
);

/** Version row (/config/version_config). */
export const versions = pgTable('versions', {
  Rowguid: rowguid(),
  VersionCode: varchar('version_code', { length: 30 }).notNull().unique(),
  VersionName: text('version_name').notNull(),
  Planner: text('planner'),
  Performer: text('performer'),
  ReleaseDate: tz('release_date'),
});

/** The last alert mail per connection (catos2smp, smp2catos, mb2smp, smp2mb, vnpt): at most one per 15 minutes. */
export const connectionAlerts = pgTable('connection_alerts', {
  Connection: varchar('connection', { length: 20 }).primaryKey(),
  LastSent: tz('last_sent').notNull(),
  LastFailure: text('last_failure'),
  Count: integer('count').notNull().default(1),
});

/** Report-mail periods already sent by the job (one mail per period across instances). */
export const reportMailRuns = pgTable('report_mail_runs', {
  PeriodEnd: tz('period_end').primaryKey(),
  PeriodStart: tz('period_start').notNull(),
  SentTime: tz('sent_time'),
  LastError: text('last_error'),
});

// Statistics (issue 11, module stats): sales people, ratings, and the rollups the statistics calls read.

/** Sales people of a customer (spec 02 §3 BusinessUserIDs): staff users in charge of the customer. */
export const customerSales = pgTable(
  'customer_sales',
  {
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    BusinessUserID: varchar('business_user_id', { length: 50 })
      .notNull()
      .references(() => users.UserID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.CustomerCode, t.BusinessUserID] })],
);

/**
 * Ratings given by users after an order or on a screen (spec 02 §2.6.1): one row per criterion and
 * star count (1–5), or a free-text note (QuestionCode 0, Rating null).
 */
export const ratings = pgTable(
  'ratings',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    /** The rater. */
    UserID: varchar('user_id', { length: 50 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }),
    OrderNo: varchar('order_no', { length: 30 }),
    PinCode: varchar('pin_code', { length: 30 }),
    ScreenName: text('screen_name'),
    JobModeCode: varchar('job_mode_code', { length: 10 }),
    QuestionCode: integer('question_code').notNull(),
    Rating: smallint('rating'),
    RatingNote: text('rating_note'),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [index('ratings_terminal_time_idx').on(t.TerminalCode, t.CreatedTime), index('ratings_user_time_idx').on(t.UserID, t.CreatedTime)],
);

/**
 * Rollups (docs/architecture.md "Statistics rollups"). Each cube has two grains: 'D' rows per
 * Vietnam-time day (PeriodStart = the day) and 'M' rows per month (PeriodStart = the 1st). They are
 * kept by statement triggers of migration 0010 in the transaction that changes the source rows;
 * `stats_order_facts` holds what each order contributes, so every change is applied as
 * (new − old) exactly once.
 */
const grainCol = () => varchar('grain', { length: 1 }).notNull();
const periodCol = () => date('period_start', { mode: 'string' }).notNull();
const figures = () => ({
  OrderCount: integer('order_count').notNull().default(0),
  ContainerCount: integer('container_count').notNull().default(0),
  TotalTeus: integer('total_teus').notNull().default(0),
  TotalAmount: bigint('total_amount', { mode: 'number' }).notNull().default(0),
});

/** What each order counts for: its keys and figures as the rollups hold them. */
export const statsOrderFacts = pgTable('stats_order_facts', {
  OrderNo: varchar('order_no', { length: 30 }).primaryKey(),
  Day: date('day', { mode: 'string' }).notNull(),
  TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
  CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
  UserID: varchar('user_id', { length: 50 }).notNull(),
  JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
  Source: varchar('source', { length: 3 }).notNull(),
  IsAutoApproved: boolean('is_auto_approved').notNull(),
  OrderStatus: varchar('order_status', { length: 1 }).notNull(),
  ContainerCount: integer('container_count').notNull(),
  TotalTeus: integer('total_teus').notNull(),
  TotalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
});

/** Changes waiting to be folded into the cubes within the same statement (always empty between statements). */
export const statsOrderDelta = pgTable('stats_order_delta', {
  Id: serial('id').primaryKey(),
  Day: date('day', { mode: 'string' }).notNull(),
  TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
  CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
  UserID: varchar('user_id', { length: 50 }).notNull(),
  JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
  Source: varchar('source', { length: 3 }).notNull(),
  IsAutoApproved: boolean('is_auto_approved').notNull(),
  OrderStatus: varchar('order_status', { length: 1 }).notNull(),
  /** +1 / −1 when an order enters / leaves these keys, 0 for a change of its containers. */
  OrderCount: integer('order_count').notNull(),
  ContainerCount: integer('container_count').notNull(),
  TotalTeus: integer('total_teus').notNull(),
  TotalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
});

/** Period × terminal × job mode × channel × approval mode: the dashboards without a customer. Orders not cancelled. */
export const statsTerminal = pgTable(
  'stats_terminal',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    Source: varchar('source', { length: 3 }).notNull(),
    IsAutoApproved: boolean('is_auto_approved').notNull(),
    ...figures(),
  },
  (t) => [primaryKey({ columns: [t.Grain, t.PeriodStart, t.TerminalCode, t.JobModeCode, t.Source, t.IsAutoApproved] })],
);

/** Period × terminal × customer × user × job mode × channel × approval mode. Orders not cancelled. */
export const statsParty = pgTable(
  'stats_party',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    UserID: varchar('user_id', { length: 50 }).notNull(),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    Source: varchar('source', { length: 3 }).notNull(),
    IsAutoApproved: boolean('is_auto_approved').notNull(),
    ...figures(),
  },
  (t) => [
    primaryKey({
      columns: [t.Grain, t.PeriodStart, t.TerminalCode, t.CustomerCode, t.UserID, t.JobModeCode, t.Source, t.IsAutoApproved],
    }),
    index('stats_party_customer_idx').on(t.CustomerCode, t.Grain, t.PeriodStart),
    index('stats_party_user_idx').on(t.UserID, t.Grain, t.PeriodStart),
  ],
);

/** Successful MB-channel payments: period × terminal × customer. */
export const statsMb = pgTable(
  'stats_mb',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    PayCount: integer('pay_count').notNull().default(0),
    PayAmount: bigint('pay_amount', { mode: 'number' }).notNull().default(0),
    ServiceFee: bigint('service_fee', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.Grain, t.PeriodStart, t.TerminalCode, t.CustomerCode] })],
);

/** Ratings: period × terminal × customer × rater × criterion. */
export const statsRating = pgTable(
  'stats_rating',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull(),
    UserID: varchar('user_id', { length: 50 }).notNull(),
    QuestionCode: integer('question_code').notNull(),
    TotalRating: integer('total_rating').notNull().default(0),
    CountRating: integer('count_rating').notNull().default(0),
    Count1: integer('count1').notNull().default(0),
    Count2: integer('count2').notNull().default(0),
    Count3: integer('count3').notNull().default(0),
    Count4: integer('count4').notNull().default(0),
    Count5: integer('count5').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.Grain, t.PeriodStart, t.TerminalCode, t.CustomerCode, t.UserID, t.QuestionCode] })],
);

/**
 * The personal summaries: period × user × terminal × kind (order | invoice | transaction) × status ×
 * job mode. Orders by their creator (cancelled ones too), invoices by the
 * creator of their order, payments by who started them.
 */
export const statsPersonal = pgTable(
  'stats_personal',
  {
    Grain: grainCol(),
    PeriodStart: periodCol(),
    UserID: varchar('user_id', { length: 50 }).notNull(),
    TerminalCode: varchar('terminal_code', { length: 10 }).notNull(),
    Kind: varchar('kind', { length: 12 }).notNull(),
    Status: varchar('status', { length: 2 }).notNull(),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    Counting: integer('counting').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.Grain, t.PeriodStart, t.UserID, t.TerminalCode, t.Kind, t.Status, t.JobModeCode] }),
    index('stats_personal_user_idx').on(t.UserID, t.Kind, t.Grain, t.PeriodStart),
  ],
);

/**
 * Requests to the portal's contractor ('Quản lý yêu cầu', spec 03 §2.5, §3 Issue), per terminal. Planner (the
 * requester's name) and PlannerID are the creator's, set by the server; ReleaseDate set = completed.
 */
export const issues = pgTable(
  'issues',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    IssueName: text('issue_name').notNull(),
    IssueType: varchar('issue_type', { length: 30 }).notNull(),
    Planner: text('planner').notNull(),
    PlannerID: varchar('planner_id', { length: 50 }).notNull(),
    Performer: varchar('performer', { length: 100 }),
    PerformerComment: text('performer_comment'),
    ReleaseDate: tz('release_date'),
    ReleaseComment: text('release_comment'),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    UpdatedBy: varchar('updated_by', { length: 50 }),
    UpdatedTime: tz('updated_time'),
  },
  (t) => [index('issues_terminal_idx').on(t.TerminalCode, t.CreatedTime)],
);

/**
 * Images of a request, each one file of the upload store (folder = ImageID, name chosen by the server). An image
 * uploaded but not yet saved with a request has no IssueRowguid; the upload cleanup job removes it after a grace period.
 */
export const issueImages = pgTable(
  'issue_images',
  {
    ImageID: uuid('image_id').primaryKey().defaultRandom(),
    IssueRowguid: uuid('issue_rowguid').references(() => issues.Rowguid, { onDelete: 'set null' }),
    FileName: varchar('file_name', { length: 40 }).notNull(),
    Mime: varchar('mime', { length: 50 }).notNull(),
    Size: integer('size').notNull(),
    CreatedBy: varchar('created_by', { length: 50 }).notNull(),
    CreatedTime: tz('created_time').notNull().defaultNow(),
    OrderBy: integer('order_by').notNull().default(0),
  },
  (t) => [index('issue_images_issue_idx').on(t.IssueRowguid), index('issue_images_pending_idx').on(t.CreatedTime)],
);

/**
 * 'Cấu hình duyệt lệnh' (spec 03 §3 Approval row): per terminal and job mode, for a scope (operator, customer,
 * MoneyCredit; '*' = all) and a period FromDate..ToDate (port days), whether a paid order needs approval
 * (IsApproval) or not (IsUnApproval); never both. Read when a payment is applied (settings approval.service).
 */
export const approvalConfigs = pgTable(
  'approval_configs',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    JobModeCode: varchar('job_mode_code', { length: 10 }).notNull(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    MoneyCredit: varchar('money_credit', { length: 1 }).notNull().default('*'),
    FromDate: tz('from_date').notNull(),
    ToDate: tz('to_date').notNull(),
    IsApproval: boolean('is_approval').notNull().default(false),
    IsUnApproval: boolean('is_un_approval').notNull().default(false),
    UpdatedBy: varchar('updated_by', { length: 50 }),
    UpdatedTime: tz('updated_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_configs_key_uq').on(
      t.TerminalCode,
      t.JobModeCode,
      t.OperationCode,
      t.CustomerCode,
      t.MoneyCredit,
      t.FromDate,
      t.ToDate,
    ),
    index('approval_configs_lookup_idx').on(t.TerminalCode, t.JobModeCode, t.FromDate),
    check('approval_configs_exclusive', sql`not (${t.IsApproval} and ${t.IsUnApproval})`),
    check('approval_configs_period', sql`${t.ToDate} >= ${t.FromDate}`),
  ],
);

// ---- Administration (spec 03 §2.5, §3 "Administration") ------------------------------------------------------

/** A release (fee collection) point of a terminal and the yard blocks it serves (first 3 characters, comma separated). */
export const releasePoints = pgTable(
  'release_points',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    DIEMPH: varchar('diemph', { length: 20 }).notNull(),
    NAME: text('name').notNull(),
    BLOCK_PREFIX: varchar('block_prefix', { length: 500 }).notNull().default(''),
    MADVI: varchar('madvi', { length: 20 }),
    SERVER: varchar('server', { length: 100 }),
    ENABLE: boolean('enable').notNull().default(true),
  },
  (t) => [uniqueIndex('release_points_key_uq').on(t.TerminalCode, t.DIEMPH)],
);

/** MB-NAPAS service charge tiers: from a month's transaction total (billions VND), the charge in percent. */
export const mbCharges = pgTable('mb_charges', {
  Rowguid: rowguid(),
  TotalSum: numeric('total_sum', { precision: 14, scale: 3, mode: 'number' }).notNull().unique(),
  Charge: numeric('charge', { precision: 8, scale: 4, mode: 'number' }).notNull(),
});

/** MB-NAPAS processing fee, VND per transaction. */
export const mbFeeSchedules = pgTable('mb_fee_schedules', {
  Rowguid: rowguid(),
  FeeSchedule: bigint('fee_schedule', { mode: 'number' }).notNull().unique(),
});

/** Dangerous goods (IMDG class + UN number) a terminal accepts for drop-off, with the note shown to the user. */
export const imoAlerts = pgTable(
  'imo_alerts',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    Class: varchar('class', { length: 5 }).notNull(),
    Unno: varchar('unno', { length: 4 }).notNull(),
    AlertMsg: text('alert_msg'),
  },
  (t) => [uniqueIndex('imo_alerts_key_uq').on(t.TerminalCode, t.Class, t.Unno)],
);

/** Holiday storage exemption periods; the configuration's header (name, operator, customer; * = all) is in every row. */
export const holidayPeriods = pgTable(
  'holiday_periods',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    ConfigName: varchar('config_name', { length: 150 }).notNull(),
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    Descriptions: text('descriptions').notNull(),
    StartTime: tz('start_time').notNull(),
    EndTime: tz('end_time').notNull(),
  },
  (t) => [
    uniqueIndex('holiday_periods_key_uq').on(t.TerminalCode, t.ConfigName, t.StartTime),
    index('holiday_periods_scope_idx').on(t.TerminalCode, t.OperationCode, t.CustomerCode),
  ],
);

/** A portal tariff code as the TOS codes it. */
export const tariffMappings = pgTable('tariff_mappings', {
  Rowguid: rowguid(),
  TariffCode: varchar('tariff_code', { length: 30 }).notNull().unique(),
  TosTariffCode: varchar('tos_tariff_code', { length: 30 }).notNull(),
  TosDescription: text('tos_description'),
});

/** EDO sharing: the source terminal's delivery orders are seen by the target terminals (comma separated codes). */
export const dataShares = pgTable(
  'data_shares',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    TerminalTarget: varchar('terminal_target', { length: 500 }).notNull(),
    IsActive: boolean('is_active').notNull().default(true),
    DataTable: varchar('data_table', { length: 30 }).notNull().default('DELIVERY_ORDER'),
  },
  (t) => [uniqueIndex('data_shares_key_uq').on(t.TerminalCode, t.DataTable)],
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

/** Trace of an invoice's cancellation with the provider (task/invoice/cancel/trackingInvoiceDraftDetails). */
export const invoiceCancellations = pgTable(
  'invoice_cancellations',
  {
    Rowguid: rowguid(),
    OrderNo: varchar('order_no', { length: 30 })
      .notNull()
      .references(() => orders.OrderNo, { onDelete: 'cascade' }),
    InvoiceNo: varchar('invoice_no', { length: 40 }),
    /** requested, provider_cancelled, provider_failed, retried, done */
    Step: varchar('step', { length: 20 }).notNull(),
    Message: text('message'),
    CreatedBy: varchar('created_by', { length: 50 }),
    CreatedTime: tz('created_time').notNull().defaultNow(),
  },
  (t) => [index('invoice_cancellations_order_idx').on(t.OrderNo, t.CreatedTime)],
);

/**
 * Tariffs (/config/StandardTariff, /config/ContractTariff; issue 14). A standard tariff row prices one charge kind
 * (job: per container of a job mode; storage: per day beyond the free days; reefer: per plugged hour) for a size,
 * cargo type, full/empty and local/foreign (each a code or * = all) in a validity period, per terminal.
 * A contract tariff row has the same shape plus the customer or shipping line it is agreed with; it overrides the
 * standard row it matches (most specific first, docs/decisions.md).
 */
const tariffColumns = () => ({
  Rowguid: rowguid(),
  TerminalCode: varchar('terminal_code', { length: 10 })
    .notNull()
    .references(() => terminals.TerminalCode),
  TariffCode: varchar('tariff_code', { length: 30 }).notNull(),
  TariffName: text('tariff_name').notNull(),
  /** job, storage, reefer */
  ChargeKind: varchar('charge_kind', { length: 10 }).notNull().default('job'),
  JobModeCode: varchar('job_mode_code', { length: 10 }).notNull().default('*'),
  ContSize: varchar('cont_size', { length: 4 }).notNull().default('*'),
  CargoTypeCode: varchar('cargo_type_code', { length: 10 }).notNull().default('*'),
  FE: varchar('fe', { length: 1 }).notNull().default('*'),
  IsLocalForeign: varchar('is_local_foreign', { length: 1 }).notNull().default('*'),
  CurrencyCode: varchar('currency_code', { length: 3 }).notNull().default('VND'),
  UnitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  /** VAT percent 0, 5, 8, 10; -1 not subject to VAT. */
  VatRate: smallint('vat_rate').notNull().default(8),
  ApplyDate: tz('apply_date').notNull(),
  ExpireDate: tz('expire_date').notNull(),
});

export const standardTariffs = pgTable('standard_tariffs', tariffColumns(), (t) => [
  uniqueIndex('standard_tariffs_key_uq').on(
    t.TerminalCode,
    t.ChargeKind,
    t.JobModeCode,
    t.ContSize,
    t.CargoTypeCode,
    t.FE,
    t.IsLocalForeign,
    t.ApplyDate,
  ),
  check('standard_tariffs_period_ck', sql`${t.ExpireDate} >= ${t.ApplyDate}`),
  check('standard_tariffs_price_ck', sql`${t.UnitPrice} >= 0`),
]);

export const contractTariffs = pgTable(
  'contract_tariffs',
  {
    ...tariffColumns(),
    ContractNo: varchar('contract_no', { length: 30 }).notNull(),
    /** The customer (payer) the contract is with, or *. */
    CustomerCode: varchar('customer_code', { length: 20 }).notNull().default('*'),
    /** The shipping line the contract is with, or *. */
    OperationCode: varchar('operation_code', { length: 10 }).notNull().default('*'),
  },
  (t) => [
    uniqueIndex('contract_tariffs_key_uq').on(
      t.TerminalCode,
      t.CustomerCode,
      t.OperationCode,
      t.ChargeKind,
      t.JobModeCode,
      t.ContSize,
      t.CargoTypeCode,
      t.FE,
      t.IsLocalForeign,
      t.ApplyDate,
    ),
    check('contract_tariffs_party_ck', sql`${t.CustomerCode} <> '*' or ${t.OperationCode} <> '*'`),
    check('contract_tariffs_period_ck', sql`${t.ExpireDate} >= ${t.ApplyDate}`),
    check('contract_tariffs_price_ck', sql`${t.UnitPrice} >= 0`),
  ],
);

/**
 * Stepped surcharges of a job mode's ExtraMode (1 weight, 2 dangerous goods class, 3 out of gauge, 4 reefer
 * temperature; docs/decisions.md): from FromValue up to (not including) ToValue the job line gets Percent more.
 */
export const tariffSurcharges = pgTable(
  'tariff_surcharges',
  {
    Rowguid: rowguid(),
    TerminalCode: varchar('terminal_code', { length: 10 })
      .notNull()
      .references(() => terminals.TerminalCode),
    ExtraMode: smallint('extra_mode').notNull(),
    FromValue: numeric('from_value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    ToValue: numeric('to_value', { precision: 12, scale: 2, mode: 'number' }),
    Percent: numeric('percent', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    Note: text('note'),
  },
  (t) => [
    uniqueIndex('tariff_surcharges_key_uq').on(t.TerminalCode, t.ExtraMode, t.FromValue),
    check('tariff_surcharges_mode_ck', sql`${t.ExtraMode} between 1 and 4`),
  ],
);
export { domainOutbox } from '../events/outbox.table';
