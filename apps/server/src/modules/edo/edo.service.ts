import {
  type CallReply,
  type CallRequest,
  type calls,
  customsHeld,
  type EdoRow,
  edoEventNames,
  edoMessages,
  edoStatusNames,
  type ImportEdoRow,
  type IssueEdoInput,
  issueEdoInput,
  type LineContainer,
  lastSecondOfDayText,
  orderStatusNames,
  portDayKey,
} from '@smartport/contract';
import type { Db } from '../../db/client';
import type { Publisher } from '../../events/event-bus';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { scopeTerminals } from '../../security/terminal-scope';
import type { EdoCover, EdoRecord, EdoRepository, LineContainerRecord } from './edo.repository';

type E = typeof calls.edo;

/** An eDO's last day as the calls carry it ('YYYY-MM-DD', port time). */
const dayOf = (d: Date) => portDayKey(d);

export interface EdoDeps {
  repo: EdoRepository;
  /** One transaction; events published in it run their in-transaction handlers inside it (the order cancellations). */
  transaction<T>(fn: (tx: Db, events: Publisher) => Promise<T>): Promise<T>;
  /** The terminals whose eDOs `terminal` sees besides its own ('Cấu hình chia sẻ dữ liệu EDO'). */
  terminalsSharingEdoWith(terminal: string): Promise<string[]>;
  /** Every terminal code (to name where an eDO is shared). */
  terminalCodes(): Promise<string[]>;
  now?: () => Date;
}

/** What the order checks need to know of a line's eDOs for some containers of a bill at a terminal. */
export interface EdoReleases {
  /** The line releases import containers by eDO (shipping line IsEDO). */
  isEdoLine: boolean;
  /** Every eDO on the bill naming one of the containers, and whether it is valid at the order's terminal. */
  covers: (EdoCover & { usableHere: boolean })[];
}

/**
 * The shipping line's electronic delivery orders (docs/decisions.md 'eDO release'): issue for a bill's containers in the
 * yard, amend, revoke (the orders not yet approved against it are cancelled, money taken recorded for refund), the
 * lists of its eDOs, its containers and the orders made against its eDOs, and what the order checks read.
 */
export function createEdoService(deps: EdoDeps) {
  const { repo } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The line the caller acts for; writing needs one. */
  function lineOf(user: AuthUser): string {
    const line = user.OperationCode ?? null;
    if (!line) throw forbidden(edoMessages.noLine);
    return line;
  }
  /** Reading: a line user sees its own line; staff without a line see every line of their terminals. */
  const readLine = (user: AuthUser) => user.OperationCode ?? null;

  function terminalOf(user: AuthUser, terminal: string) {
    const t = terminal.trim().toUpperCase();
    if (!user.terminals.includes(t)) throw forbidden(edoMessages.terminal(t));
    return t;
  }

  function validUntil(day: string): Date {
    const at = lastSecondOfDayText(day);
    if (!at) throw badRequest(edoMessages.validFormat);
    if (at.getTime() < now().getTime()) throw badRequest(edoMessages.validPast);
    return at;
  }

  /** The terminals that see eDOs issued at each terminal (targets of the sharing rows). */
  async function sharing(): Promise<(terminal: string) => string[]> {
    const codes = await deps.terminalCodes();
    const sees = new Map(await Promise.all(codes.map(async (c) => [c, await deps.terminalsSharingEdoWith(c)] as const)));
    return (terminal) => codes.filter((c) => c !== terminal && (sees.get(c) ?? []).includes(terminal));
  }

  function toRow(r: EdoRecord, sharedWith: string[]): EdoRow {
    const Status = r.Status === 'A' && r.ValidUntil.getTime() < now().getTime() ? 'E' : r.Status;
    return {
      EdoNo: r.EdoNo,
      TerminalCode: r.TerminalCode,
      OperationCode: r.OperationCode,
      BLNo: r.BLNo,
      ConsigneeTaxCode: r.ConsigneeTaxCode,
      ConsigneeName: r.ConsigneeName,
      AgentTaxCode: r.AgentTaxCode,
      AgentName: r.AgentName,
      ValidUntil: dayOf(r.ValidUntil),
      Status,
      StatusName: edoStatusNames[Status],
      Note: r.Note,
      IssuedBy: r.IssuedBy,
      IssuedTime: r.IssuedTime.toISOString(),
      RevokedBy: r.RevokedBy,
      RevokedTime: r.RevokedTime?.toISOString() ?? null,
      RevokeReason: r.RevokeReason,
      SharedWith: sharedWith,
      containers: r.containers,
    };
  }

  /** The line's own eDO, or 404 (another line's eDO is not found, as if it did not exist). */
  async function own(user: AuthUser, edoNo: string, line = readLine(user)): Promise<EdoRecord> {
    const rec = await repo.byNo(edoNo);
    if (!rec || (line && rec.OperationCode !== line) || !user.terminals.includes(rec.TerminalCode))
      throw notFound(edoMessages.notFound(edoNo));
    return rec;
  }

  /** An issue checked against the yard (not yet against the other eDOs: that is done under the containers' locks). */
  async function planIssue(user: AuthUser, line: string, input: IssueEdoInput) {
    const TerminalCode = terminalOf(user, input.TerminalCode);
    const until = validUntil(input.ValidUntil);
    if (input.AgentTaxCode && input.AgentTaxCode === input.ConsigneeTaxCode) throw badRequest(edoMessages.sameAgent);
    const yard = await repo.lineContainers({ line, terminals: [TerminalCode], blNo: input.BLNo });
    if (!yard.length) throw badRequest(edoMessages.billEmpty(input.BLNo, line, TerminalCode));
    const onBill = new Set(yard.map((c) => c.ContainerNo));
    const wanted = input.ContainerNos.length ? [...new Set(input.ContainerNos)] : [...onBill];
    const stray = wanted.find((no) => !onBill.has(no));
    if (stray) throw badRequest(edoMessages.notOnBill(stray, input.BLNo));
    return {
      TerminalCode,
      OperationCode: line,
      BLNo: input.BLNo,
      ConsigneeTaxCode: input.ConsigneeTaxCode,
      AgentTaxCode: input.AgentTaxCode ?? null,
      ValidUntil: until,
      Note: input.Note?.trim() || null,
      IssuedBy: user.UserID,
      ContainerNos: wanted.sort(),
    };
  }

  /** Inserts planned eDOs in one transaction; a container already on an active eDO refuses them all (409). */
  async function insertAll(plans: Awaited<ReturnType<typeof planIssue>>[]): Promise<string[]> {
    return deps.transaction(async (tx) => {
      await repo.lockContainers(
        tx,
        plans.flatMap((p) => p.ContainerNos),
      );
      const taken = await repo.activeFor(
        plans.flatMap((p) => p.ContainerNos),
        tx,
      );
      const seen = new Set<string>();
      for (const p of plans)
        for (const no of p.ContainerNos) {
          const edo = taken.get(no);
          if (edo) throw new AppError(409, edoMessages.alreadyOn(no, edo));
          if (seen.has(no)) throw badRequest(edoMessages.alreadyOn(no, 'khác trong tệp'));
          seen.add(no);
        }
      const made: string[] = [];
      for (const p of plans) made.push(await repo.insert(tx, p));
      return made;
    });
  }

  async function rowsOf(nos: string[]): Promise<EdoRow[]> {
    const shared = await sharing();
    const rows: EdoRow[] = [];
    for (const no of nos) {
      const rec = await repo.byNo(no);
      if (rec) rows.push(toRow(rec, shared(rec.TerminalCode)));
    }
    return rows;
  }

  function lineContainerRow(c: LineContainerRecord): LineContainer {
    const held =
      c.FE === 'F' && c.IsLocalForeign === 'F' && ['1', '3', '4'].includes(c.ClassCode)
        ? customsHeld({ FE: c.FE, IsLocalForeign: c.IsLocalForeign, ClassCode: c.ClassCode, CustomsStatus: c.CustomsStatus })
        : null;
    return {
      TerminalCode: c.TerminalCode,
      ContainerNo: c.ContainerNo,
      IsoSizetype: c.IsoSizetype,
      FE: c.FE,
      ClassCode: c.ClassCode,
      BLNo: c.BLNo,
      BookingNo: c.BookingNo,
      DateIn: c.DateIn.toISOString(),
      CustomsStatus: c.CustomsStatus,
      CustomsHold: held,
      EdoNo: c.EdoNo,
    };
  }

  return {
    async list(user: AuthUser, f: CallRequest<E['listEdos']>): Promise<CallReply<E['listEdos']>> {
      const terminals = scopeTerminals(user, f?.TerminalCode || null);
      const found = await repo.list({ line: readLine(user), terminals, status: f?.Status ?? '*', find: f?.FindValue });
      const shared = await sharing();
      return { success: true, payload: found.map((r) => toRow(r, shared(r.TerminalCode))) };
    },

    async billContainers(user: AuthUser, input: CallRequest<E['edoBillContainers']>): Promise<CallReply<E['edoBillContainers']>> {
      const line = lineOf(user);
      const TerminalCode = terminalOf(user, input.TerminalCode);
      const yard = await repo.lineContainers({ line, terminals: [TerminalCode], blNo: input.BLNo });
      if (!yard.length) throw notFound(edoMessages.billEmpty(input.BLNo, line, TerminalCode));
      return { success: true, payload: yard.map(lineContainerRow) };
    },

    async issue(user: AuthUser, input: CallRequest<E['issueEdo']>): Promise<CallReply<E['issueEdo']>> {
      const line = lineOf(user);
      const [edoNo] = await insertAll([await planIssue(user, line, input)]);
      const [row] = await rowsOf([edoNo as string]);
      return { success: true, message: edoMessages.issued(edoNo as string), data: row };
    },

    async amend(user: AuthUser, input: CallRequest<E['amendEdo']>): Promise<CallReply<E['amendEdo']>> {
      const line = lineOf(user);
      const rec = await own(user, input.EdoNo, line);
      if (rec.Status !== 'A') throw new AppError(409, edoMessages.notActive(rec.EdoNo));
      const change: { ValidUntil?: Date; ConsigneeTaxCode?: string; AgentTaxCode?: string | null } = {};
      const said: string[] = [];
      if (input.ValidUntil !== undefined && input.ValidUntil !== dayOf(rec.ValidUntil)) {
        change.ValidUntil = validUntil(input.ValidUntil);
        said.push(`hạn ${dayOf(rec.ValidUntil)} → ${input.ValidUntil}`);
      }
      if (input.ConsigneeTaxCode !== undefined && input.ConsigneeTaxCode !== rec.ConsigneeTaxCode) {
        change.ConsigneeTaxCode = input.ConsigneeTaxCode;
        said.push(`người nhận ${rec.ConsigneeTaxCode} → ${input.ConsigneeTaxCode}`);
      }
      if (input.AgentTaxCode !== undefined && (input.AgentTaxCode ?? null) !== rec.AgentTaxCode) {
        change.AgentTaxCode = input.AgentTaxCode ?? null;
        said.push(`ủy quyền ${rec.AgentTaxCode ?? '—'} → ${input.AgentTaxCode ?? '—'}`);
      }
      if (!said.length) throw badRequest(edoMessages.nothingChanged);
      const consignee = change.ConsigneeTaxCode ?? rec.ConsigneeTaxCode;
      const agent = change.AgentTaxCode !== undefined ? change.AgentTaxCode : rec.AgentTaxCode;
      if (agent && agent === consignee) throw badRequest(edoMessages.sameAgent);
      const done = await deps.transaction((tx) =>
        repo.amend(tx, rec.EdoNo, change, user.UserID, `${said.join('; ')}. Lý do: ${input.Reason}`),
      );
      if (!done) throw new AppError(409, edoMessages.notActive(rec.EdoNo));
      const [row] = await rowsOf([rec.EdoNo]);
      return { success: true, message: edoMessages.amended(rec.EdoNo), data: row };
    },

    /**
     * Revoked: the orders against it not yet approved (A unpaid, P paid and waiting) are cancelled in the same transaction
     * (`edo.revoked`, orders' handler; money taken is recorded for refund). An eDO an approved order used is not revoked:
     * the container may be at the gate already, the port cancels that order.
     */
    async revoke(user: AuthUser, input: CallRequest<E['revokeEdo']>): Promise<CallReply<E['revokeEdo']>> {
      const line = lineOf(user);
      const rec = await own(user, input.EdoNo, line);
      if (rec.Status !== 'A') throw new AppError(409, edoMessages.notActive(rec.EdoNo));
      await deps.transaction(async (tx, events) => {
        // The update takes the eDO's row lock: an order saving against it (FOR SHARE) commits first and is seen below.
        if (!(await repo.revoke(tx, rec.EdoNo, user.UserID, input.Reason))) throw new AppError(409, edoMessages.notActive(rec.EdoNo));
        const using = await repo.ordersUsing(rec.EdoNo, tx);
        const approved = using.filter((o) => o.OrderStatus === 'C').map((o) => o.OrderNo);
        if (approved.length) throw new AppError(409, edoMessages.usedByApproved(rec.EdoNo, approved));
        const waiting = using.filter((o) => o.OrderStatus === 'A' || o.OrderStatus === 'P');
        for (const o of waiting) await repo.event(tx, rec.EdoNo, 'cancel', user.UserID, `Lệnh ${o.OrderNo}`);
        if (waiting.length)
          await events.publish('edo.revoked', {
            edoNo: rec.EdoNo,
            by: user.UserID,
            reason: edoMessages.cancelledByRevoke(rec.EdoNo, input.Reason),
            orders: waiting.map((o) => ({ orderNo: o.OrderNo, status: o.OrderStatus as 'A' | 'P' })),
          });
      });
      return { success: true, message: edoMessages.revoked(rec.EdoNo) };
    },

    async history(user: AuthUser, input: CallRequest<E['edoHistory']>): Promise<CallReply<E['edoHistory']>> {
      const rec = await own(user, input.EdoNo);
      const events = await repo.history(rec.EdoNo);
      return {
        success: true,
        payload: events.map((e) => ({
          Kind: e.Kind,
          KindName: edoEventNames[e.Kind] ?? e.Kind,
          By: e.By,
          At: new Date(e.At).toISOString(),
          Detail: e.Detail,
        })),
      };
    },

    /**
     * Many eDOs from a sheet: rows of one terminal, bill, consignee, agent and day make one eDO (a row without a container
     * takes the whole bill). Every row is checked first; one bad row refuses the file, naming each bad row.
     */
    async importMany(user: AuthUser, input: CallRequest<E['importEdos']>): Promise<CallReply<E['importEdos']>> {
      const line = lineOf(user);
      const groups = new Map<string, { rows: number[]; input: ImportEdoRow; containers: string[]; whole: boolean }>();
      input.rows.forEach((r, i) => {
        const key = [r.TerminalCode, r.BLNo, r.ConsigneeTaxCode, r.AgentTaxCode ?? '', r.ValidUntil].join('|');
        const g = groups.get(key) ?? { rows: [], input: r, containers: [], whole: false };
        g.rows.push(i + 1);
        if (r.ContainerNo?.trim()) g.containers.push(r.ContainerNo);
        else g.whole = true;
        groups.set(key, g);
      });
      const problems: string[] = [];
      const plans: Awaited<ReturnType<typeof planIssue>>[] = [];
      for (const g of groups.values()) {
        const rows = g.rows.length > 1 ? `Dòng ${g.rows.join(', ')}` : `Dòng ${g.rows[0]}`;
        const parsed = issueEdoInput.safeParse({
          TerminalCode: g.input.TerminalCode,
          BLNo: g.input.BLNo,
          ConsigneeTaxCode: g.input.ConsigneeTaxCode,
          AgentTaxCode: g.input.AgentTaxCode,
          ValidUntil: g.input.ValidUntil,
          ContainerNos: g.whole ? [] : g.containers,
        });
        if (!parsed.success) {
          problems.push(`${rows}: ${parsed.error.issues[0]?.message ?? 'Dữ liệu không hợp lệ'}`);
          continue;
        }
        try {
          const plan = await planIssue(user, line, parsed.data);
          // A container already on an active eDO, or twice in the file, is named with its rows now (checked again under
          // the locks when saving).
          const taken = await repo.activeFor(plan.ContainerNos);
          const twice = plan.ContainerNos.find((no) => plans.some((p) => p.ContainerNos.includes(no)));
          const on = plan.ContainerNos.find((no) => taken.has(no));
          if (on) problems.push(`${rows}: ${edoMessages.alreadyOn(on, taken.get(on) as string)}`);
          else if (twice) problems.push(`${rows}: ${edoMessages.alreadyOn(twice, 'khác trong tệp')}`);
          else plans.push(plan);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          problems.push(`${rows}: ${e.message}`);
        }
      }
      if (problems.length) return { success: false, message: problems[0] as string, problems };
      const made = await insertAll(plans);
      return { success: true, message: edoMessages.imported(made.length), payload: await rowsOf(made) };
    },

    async lineContainers(user: AuthUser, f: CallRequest<E['lineContainers']>): Promise<CallReply<E['lineContainers']>> {
      const terminals = scopeTerminals(user, f?.TerminalCode || null);
      const rows = await repo.lineContainers({ line: readLine(user), terminals, find: f?.FindValue });
      return { success: true, payload: rows.map(lineContainerRow) };
    },

    async lineOrders(user: AuthUser, f: CallRequest<E['lineOrders']>): Promise<CallReply<E['lineOrders']>> {
      const terminals = scopeTerminals(user, f?.TerminalCode || null);
      const rows = await repo.lineOrders({ line: readLine(user), terminals, find: f?.FindValue });
      return {
        success: true,
        payload: rows.map((r) => ({
          ...r,
          PinCode: r.PinCode.split('-')[0] ?? r.PinCode,
          OrderStatusName: orderStatusNames[r.OrderStatus as 'A'] ?? r.OrderStatus,
          CreatedTime: new Date(r.CreatedTime).toISOString(),
        })),
      };
    },

    /** What the order checks read: the line's eDO use and the eDOs on the bill naming the containers. */
    async releasesFor(q: { terminal: string; line: string; blNo: string | null; containerNos: string[] }): Promise<EdoReleases> {
      const isEdoLine = await repo.isEdoLine(q.line);
      if (!isEdoLine || !q.blNo) return { isEdoLine, covers: [] };
      const here = new Set([q.terminal, ...(await deps.terminalsSharingEdoWith(q.terminal))]);
      const covers = await repo.covers(q.blNo, q.containerNos);
      return { isEdoLine, covers: covers.map((c) => ({ ...c, usableHere: here.has(c.TerminalCode) })) };
    },
  };
}
export type EdoService = ReturnType<typeof createEdoService>;
