import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/** An eDO as stored, with its containers and the orders that hold them. */
export interface EdoRecord {
  EdoNo: string;
  TerminalCode: string;
  OperationCode: string;
  BLNo: string;
  ConsigneeTaxCode: string;
  ConsigneeName: string | null;
  AgentTaxCode: string | null;
  AgentName: string | null;
  ValidUntil: Date;
  Status: 'A' | 'R';
  Note: string | null;
  IssuedBy: string;
  IssuedTime: Date;
  RevokedBy: string | null;
  RevokedTime: Date | null;
  RevokeReason: string | null;
  containers: {
    ContainerNo: string;
    IsoSizetype: string | null;
    OrderNo: string | null;
    PinCode: string | null;
    OrderStatus: string | null;
  }[];
}

/** An eDO covering a container, as the order checks read it. */
export interface EdoCover {
  EdoNo: string;
  TerminalCode: string;
  BLNo: string;
  ContainerNo: string;
  ConsigneeTaxCode: string;
  AgentTaxCode: string | null;
  ValidUntil: Date;
  Status: 'A' | 'R';
}

/** A container of a line in the yard (open visit), with customs and the active eDO covering it. */
export interface LineContainerRecord {
  TerminalCode: string;
  ContainerNo: string;
  IsoSizetype: string;
  FE: string;
  ClassCode: string;
  BLNo: string | null;
  BookingNo: string | null;
  DateIn: Date;
  CustomsStatus: string | null;
  IsLocalForeign: string | null;
  EdoNo: string | null;
}

export interface NewEdo {
  TerminalCode: string;
  OperationCode: string;
  BLNo: string;
  ConsigneeTaxCode: string;
  AgentTaxCode: string | null;
  ValidUntil: Date;
  Note: string | null;
  IssuedBy: string;
  ContainerNos: string[];
}

export interface EdoFilter {
  /** null: every line (staff reading). */
  line: string | null;
  terminals: string[];
  status: 'A' | 'R' | 'E' | '*';
  find?: string | undefined;
}

const edoColumns = sql.raw(`e.edo_no "EdoNo", e.terminal_code "TerminalCode", e.operation_code "OperationCode", e.bl_no "BLNo",
  e.consignee_tax_code "ConsigneeTaxCode", (select customer_name from customers c where c.tax_code = e.consignee_tax_code order by customer_code limit 1) "ConsigneeName",
  e.agent_tax_code "AgentTaxCode", (select customer_name from customers c where c.tax_code = e.agent_tax_code order by customer_code limit 1) "AgentName",
  e.valid_until "ValidUntil", e.status "Status", e.note "Note", e.issued_by "IssuedBy", e.issued_time "IssuedTime",
  e.revoked_by "RevokedBy", e.revoked_time "RevokedTime", e.revoke_reason "RevokeReason",
  coalesce((select json_agg(json_build_object('ContainerNo', ec.container_no,
      'IsoSizetype', (select p.iso_sizetype from port_containers p where p.container_no = ec.container_no and p.terminal_code = e.terminal_code
         order by p.date_in desc limit 1),
      'OrderNo', u.order_no, 'PinCode', u.pin_code, 'OrderStatus', u.order_status) order by ec.container_no)
    from edo_containers ec
    left join lateral (select o.order_no, split_part(o.pin_code, '-', 1) pin_code, o.order_status from order_containers oc
        join orders o on o.order_no = oc.order_no where oc.edo_no = e.edo_no and oc.container_no = ec.container_no
        order by (o.order_status <> 'D') desc, o.created_time desc limit 1) u on true
    where ec.edo_no = e.edo_no), '[]'::json) "containers"`);

/** SQL of the eDOs: issue, amend, revoke, the lists, and what the order checks read. */
export function createEdoRepository(db: Db) {
  const all = async <T>(q: SQL) => rowsOf<T>(await db.execute(q));
  const fix = (r: EdoRecord): EdoRecord => ({
    ...r,
    ValidUntil: new Date(r.ValidUntil),
    IssuedTime: new Date(r.IssuedTime),
    RevokedTime: r.RevokedTime ? new Date(r.RevokedTime) : null,
    containers: typeof r.containers === 'string' ? JSON.parse(r.containers) : r.containers,
  });
  return {
    async byNo(edoNo: string): Promise<EdoRecord | null> {
      const [row] = await all<EdoRecord>(sql`select ${edoColumns} from edos e where e.edo_no = ${edoNo}`);
      return row ? fix(row) : null;
    },

    async list(f: EdoFilter, limit = 1000): Promise<EdoRecord[]> {
      const find = f.find?.trim().toUpperCase();
      const rows = await all<EdoRecord>(sql`select ${edoColumns} from edos e
        where e.terminal_code = any(${sql.param(f.terminals)}::text[])
          ${f.line ? sql`and e.operation_code = ${f.line}` : sql``}
          ${
            f.status === 'A'
              ? sql`and e.status = 'A' and e.valid_until >= now()`
              : f.status === 'E'
                ? sql`and e.status = 'A' and e.valid_until < now()`
                : f.status === 'R'
                  ? sql`and e.status = 'R'`
                  : sql``
          }
          ${
            find
              ? sql`and (e.edo_no = ${find} or e.bl_no = ${find} or e.consignee_tax_code = ${find} or e.agent_tax_code = ${find}
                  or exists (select 1 from edo_containers ec where ec.edo_no = e.edo_no and ec.container_no = ${find}))`
              : sql``
          }
        order by e.issued_time desc limit ${limit}`);
      return rows.map(fix);
    },

    /** The line's open yard visits at a terminal, of one bill or all (with customs and the active eDO covering each). */
    async lineContainers(q: { line: string | null; terminals: string[]; blNo?: string; find?: string | undefined }) {
      const find = q.find?.trim().toUpperCase();
      const rows = await all<LineContainerRecord>(sql`select p.terminal_code "TerminalCode", p.container_no "ContainerNo",
          p.iso_sizetype "IsoSizetype", p.fe "FE", p.class_code "ClassCode", p.bl_no "BLNo", p.booking_no "BookingNo",
          p.date_in "DateIn", p.customs_status "CustomsStatus", p.is_local_foreign "IsLocalForeign",
          (select e.edo_no from edo_containers ec join edos e on e.edo_no = ec.edo_no
            where ec.container_no = p.container_no and e.terminal_code = p.terminal_code and e.status = 'A' and e.valid_until >= now()
            order by e.issued_time desc limit 1) "EdoNo"
        from port_containers p
        where p.date_out is null and p.terminal_code = any(${sql.param(q.terminals)}::text[])
          ${q.line ? sql`and p.operation_code = ${q.line}` : sql``}
          ${q.blNo ? sql`and p.bl_no = ${q.blNo}` : sql``}
          ${find ? sql`and (p.container_no = ${find} or p.bl_no = ${find} or p.booking_no = ${find})` : sql``}
        order by p.terminal_code, p.bl_no nulls last, p.container_no limit 5000`);
      return rows.map((r) => ({ ...r, DateIn: new Date(r.DateIn) }));
    },

    /** Active eDOs (any terminal) holding any of these containers: container → eDO number. */
    async activeFor(containerNos: readonly string[], tx: Db = db): Promise<Map<string, string>> {
      if (!containerNos.length) return new Map();
      const rows = rowsOf<{ ContainerNo: string; EdoNo: string }>(
        await tx.execute(sql`select ec.container_no "ContainerNo", e.edo_no "EdoNo" from edo_containers ec join edos e on e.edo_no = ec.edo_no
          where ec.container_no = any(${sql.param([...containerNos])}::text[]) and e.status = 'A' and e.valid_until >= now()`),
      );
      return new Map(rows.map((r) => [r.ContainerNo, r.EdoNo]));
    },

    /**
     * A new eDO with its containers and its 'issue' event, in the caller's transaction, after `pg_advisory_xact_lock` on
     * the containers (two issues of one container wait for each other; the second sees the first's eDO).
     */
    async insert(tx: Db, e: NewEdo): Promise<string> {
      const [seq] = rowsOf<{ n: string }>(await tx.execute(sql`select nextval('edo_no_seq')::text n`));
      const EdoNo = `EDO${String(seq?.n ?? '0').padStart(7, '0')}`;
      await tx.execute(sql`insert into edos (edo_no, terminal_code, operation_code, bl_no, consignee_tax_code, agent_tax_code, valid_until,
          note, issued_by) values (${EdoNo}, ${e.TerminalCode}, ${e.OperationCode}, ${e.BLNo}, ${e.ConsigneeTaxCode}, ${e.AgentTaxCode},
          ${e.ValidUntil.toISOString()}, ${e.Note}, ${e.IssuedBy})`);
      await tx.execute(sql`insert into edo_containers (edo_no, container_no)
          select ${EdoNo}, no from unnest(${sql.param(e.ContainerNos)}::text[]) as a(no)`);
      await tx.execute(sql`insert into edo_events (edo_no, kind, by_user, detail)
          values (${EdoNo}, 'issue', ${e.IssuedBy}, ${`${e.ContainerNos.length} container, hạn ${e.ValidUntil.toISOString()}`})`);
      return EdoNo;
    },

    /** Serialises issues touching these containers (transaction-scoped advisory locks, in a fixed order). */
    async lockContainers(tx: Db, containerNos: readonly string[]) {
      for (const no of [...containerNos].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`edo:${no}`}))`);
    },

    async amend(
      tx: Db,
      edoNo: string,
      change: { ValidUntil?: Date; ConsigneeTaxCode?: string; AgentTaxCode?: string | null },
      by: string,
      detail: string,
    ): Promise<boolean> {
      const done = rowsOf(
        await tx.execute(sql`update edos set
            valid_until = ${change.ValidUntil ? change.ValidUntil.toISOString() : sql`valid_until`},
            consignee_tax_code = ${change.ConsigneeTaxCode ?? sql`consignee_tax_code`},
            agent_tax_code = ${change.AgentTaxCode !== undefined ? change.AgentTaxCode : sql`agent_tax_code`}
          where edo_no = ${edoNo} and status = 'A' returning 1`),
      );
      if (!done.length) return false;
      await tx.execute(sql`insert into edo_events (edo_no, kind, by_user, detail) values (${edoNo}, 'amend', ${by}, ${detail})`);
      return true;
    },

    /** Orders (not D) whose containers this eDO released, by state. */
    async ordersUsing(edoNo: string, tx: Db = db) {
      return rowsOf<{ OrderNo: string; OrderStatus: string }>(
        await tx.execute(sql`select distinct o.order_no "OrderNo", o.order_status "OrderStatus" from order_containers oc
          join orders o on o.order_no = oc.order_no where oc.edo_no = ${edoNo} and o.order_status <> 'D' order by 1`),
      );
    },

    async revoke(tx: Db, edoNo: string, by: string, reason: string): Promise<boolean> {
      const done = rowsOf(
        await tx.execute(sql`update edos set status = 'R', revoked_by = ${by}, revoked_time = now(), revoke_reason = ${reason}
          where edo_no = ${edoNo} and status = 'A' returning 1`),
      );
      if (!done.length) return false;
      await tx.execute(sql`insert into edo_events (edo_no, kind, by_user, detail) values (${edoNo}, 'revoke', ${by}, ${reason})`);
      return true;
    },

    async event(tx: Db, edoNo: string, kind: string, by: string | null, detail: string) {
      await tx.execute(sql`insert into edo_events (edo_no, kind, by_user, detail) values (${edoNo}, ${kind}, ${by}, ${detail})`);
    },

    /** The eDO's events and the orders made against it ('use'), oldest first. */
    async history(edoNo: string) {
      return all<{ Kind: string; By: string | null; At: Date; Detail: string | null }>(sql`select * from (
          select kind "Kind", by_user "By", at "At", detail "Detail" from edo_events where edo_no = ${edoNo}
          union all
          select 'use', o.created_by, o.created_time, 'Lệnh ' || o.order_no || ' (PIN ' || split_part(o.pin_code, '-', 1) || '): '
              || string_agg(oc.container_no, ', ' order by oc.container_no)
            from order_containers oc join orders o on o.order_no = oc.order_no where oc.edo_no = ${edoNo}
            group by o.order_no, o.created_by, o.created_time, o.pin_code
        ) h order by "At"`);
    },

    /** Every eDO (any status, any terminal) of these containers on a bill: the order checks decide which one applies. */
    async covers(blNo: string, containerNos: readonly string[]): Promise<EdoCover[]> {
      if (!containerNos.length) return [];
      const rows = await all<EdoCover>(sql`select e.edo_no "EdoNo", e.terminal_code "TerminalCode", e.bl_no "BLNo",
          ec.container_no "ContainerNo", e.consignee_tax_code "ConsigneeTaxCode", e.agent_tax_code "AgentTaxCode",
          e.valid_until "ValidUntil", e.status "Status"
        from edo_containers ec join edos e on e.edo_no = ec.edo_no
        where e.bl_no = ${blNo} and ec.container_no = any(${sql.param([...containerNos])}::text[])
        order by e.issued_time desc`);
      return rows.map((r) => ({ ...r, ValidUntil: new Date(r.ValidUntil) }));
    },

    async terminalCodes(): Promise<string[]> {
      return (await all<{ c: string }>(sql`select terminal_code c from terminals order by 1`)).map((r) => r.c);
    },

    async isEdoLine(line: string): Promise<boolean> {
      const [row] = await all<{ e: boolean }>(sql`select is_edo e from shipping_lines where operation_code = ${line}`);
      return !!row?.e;
    },

    /** Orders made against the line's eDOs or bookings in these terminals, newest first. */
    async lineOrders(q: { line: string | null; terminals: string[]; find?: string | undefined }) {
      const find = q.find?.trim().toUpperCase();
      const line = q.line;
      return all<{
        OrderNo: string;
        PinCode: string;
        TerminalCode: string;
        OrderStatus: string;
        CustomerCode: string;
        CustomerName: string | null;
        TaxCode: string | null;
        EdoNo: string | null;
        BookingNo: string | null;
        ContainerNos: string[];
        CreatedBy: string | null;
        CreatedTime: Date;
      }>(sql`select o.order_no "OrderNo", o.pin_code "PinCode", o.terminal_code "TerminalCode", o.order_status "OrderStatus",
          o.customer_code "CustomerCode", cu.customer_name "CustomerName", cu.tax_code "TaxCode", x.edo_no "EdoNo", bk.booking_no "BookingNo",
          array(select c.container_no from order_containers c where c.order_no = o.order_no order by 1) "ContainerNos",
          o.created_by "CreatedBy", o.created_time "CreatedTime"
        from orders o
        left join customers cu on cu.customer_code = o.customer_code
        left join lateral (select min(oc.edo_no) edo_no from order_containers oc join edos e on e.edo_no = oc.edo_no
          where oc.order_no = o.order_no ${line ? sql`and e.operation_code = ${line}` : sql``}) x on true
        left join bookings bk on bk.booking_no = o.booking_no and bk.operation_code = o.operation_code and bk.terminal_code = o.terminal_code
          and o.order_type in ('empty_pickup', 'fcl_pre_advice') ${line ? sql`and bk.operation_code = ${line}` : sql``}
        where o.terminal_code = any(${sql.param(q.terminals)}::text[]) and (x.edo_no is not null or bk.booking_no is not null)
          ${
            find
              ? sql`and (o.order_no = ${find} or split_part(o.pin_code, '-', 1) = ${find} or x.edo_no = ${find} or bk.booking_no = ${find}
                  or o.bl_no = ${find} or cu.tax_code = ${find}
                  or exists (select 1 from order_containers c where c.order_no = o.order_no and c.container_no = ${find}))`
              : sql``
          }
        order by o.created_time desc limit 1000`);
    },
  };
}
export type EdoRepository = ReturnType<typeof createEdoRepository>;
