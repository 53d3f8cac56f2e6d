import type { AttachScope } from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { badRequest, forbidden } from '../../http/errors';
import type { AttachConfigRepository, AttachKindFlag, TerminalScope } from './attach-config.repository';
import { ALL, pickAttachedServices } from './attach-precedence';

type Caller = Pick<AuthUser, 'terminals'>;

/** One job option's items as saved (the request's keyed lists, already parsed by the contract). */
type SaveItems = Record<string, { AttachServiceCode: string; JobModeCode?: string | undefined; IsFixed: boolean }[]>;

/** What the tariff engine asks: an order's terminal, job mode and scope facts (null or blank read as 'none', matching only *). */
export interface AttachQuery {
  terminal: string;
  jobModeCode: string;
  operationCode?: string | null;
  vesselKey?: string | null;
  customerCode?: string | null;
  isLocalForeign?: string | null;
}

const orNull = (v: string | null | undefined) => (v == null || v.trim() === '' || v.trim() === ALL ? null : v.trim().toUpperCase());

/**
 * 'Cấu hình lệnh đính kèm' (spec 03 §2.4, §4): which services (yard / non-container service job modes) are attached to
 * the orders of a lift on/off, stuffing or unstuffing job mode, per terminal and scope, and which are charged by default.
 */
export function createAttachConfigService(repo: AttachConfigRepository) {
  /** The terminal the screen works on: the one asked (one of the caller's) or the caller's first. */
  function terminalOf(caller: Caller, requested: string | undefined): string {
    if (requested) {
      // As security/terminal-scope's assertTerminal: never a terminal outside the caller's.
      const code = requested.toUpperCase();
      if (!caller.terminals.includes(code)) throw forbidden(`Bạn không có quyền trên cảng ${requested}.`);
      return code;
    }
    const first = caller.terminals[0];
    if (!first) throw forbidden('Tài khoản chưa được gán cảng nào.');
    return first;
  }

  const scopeOf = (caller: Caller, s: AttachScope): TerminalScope => ({
    TerminalCode: terminalOf(caller, s.TerminalCode),
    OperationCode: s.OperationCode,
    VesselKey: s.VesselKey,
    CustomerCode: s.CustomerCode,
    IsLocalForeign: s.IsLocalForeign,
  });

  /** Spec 03 §1 '* means all'; otherwise the operator, payee and vessel call must exist (the call of this terminal). */
  async function checkScope(s: TerminalScope) {
    if (s.OperationCode !== ALL && !(await repo.operatorExists(s.OperationCode)))
      throw badRequest(`Hãng khai thác "${s.OperationCode}" không có trong danh mục.`);
    if (s.CustomerCode !== ALL && !(await repo.customerExists(s.CustomerCode)))
      throw badRequest(`Đối tượng thanh toán "${s.CustomerCode}" không có trong danh mục khách hàng.`);
    if (s.VesselKey !== ALL && !(await repo.voyageExists(s.TerminalCode, s.VesselKey)))
      throw badRequest(`Tàu/chuyến "${s.VesselKey}" không có trong lịch tàu của cảng ${s.TerminalCode}.`);
  }

  return {
    /** The attachable services (right grid). */
    services() {
      return repo.services();
    },

    /** The job options of the kinds asked with their items stored for exactly this scope. */
    async jobModes(caller: Caller, filter: AttachScope & { IsLoLo?: unknown; IsCFSStuff?: unknown; IsCFSUnstuff?: unknown }) {
      const scope = scopeOf(caller, filter);
      const flags = (['IsLoLo', 'IsCFSStuff', 'IsCFSUnstuff'] as const).filter((f) => filter[f] !== undefined) as AttachKindFlag[];
      const modes = await repo.jobModes(flags);
      const items = await repo.itemsOf(
        scope,
        modes.map((m) => m.JobModeCode),
      );
      return modes.map((m) => ({ ...m, ConfigList: items.filter((i) => i.JobModeCode === m.JobModeCode) }));
    },

    /** Replaces, for the scope, the items of every job mode named; an empty list removes that job mode's items there. */
    async save(caller: Caller, input: AttachScope & { data: SaveItems }) {
      const scope = scopeOf(caller, input);
      const entries = Object.entries(input.data).map(([code, list]) => [code.trim().toUpperCase(), list] as const);
      if (!entries.length) return;
      const modes = entries.map(([code]) => code);
      const dup = modes.find((c, i) => modes.indexOf(c) !== i);
      if (dup) throw badRequest(`Phương án "${dup}" xuất hiện nhiều lần.`);
      await checkScope(scope);
      const known = await repo.existingJobModes(modes);
      const badMode = modes.find((c) => !known.includes(c));
      if (badMode) throw badRequest(`Phương án "${badMode}" không có trong danh mục phương án.`);

      const rows: { JobModeCode: string; AttachServiceCode: string; IsFixed: boolean }[] = [];
      for (const [mode, list] of entries) {
        const seen = new Set<string>();
        for (const item of list) {
          if (item.JobModeCode && item.JobModeCode !== mode)
            throw badRequest(
              `Dịch vụ "${item.AttachServiceCode}" ghi phương án "${item.JobModeCode}" nhưng nằm trong danh sách của "${mode}".`,
            );
          if (item.AttachServiceCode === mode) throw badRequest(`Phương án "${mode}" không thể đính kèm chính nó.`);
          if (seen.has(item.AttachServiceCode))
            throw badRequest(`Dịch vụ "${item.AttachServiceCode}" bị lặp trong danh sách của phương án "${mode}".`);
          seen.add(item.AttachServiceCode);
          rows.push({ JobModeCode: mode, AttachServiceCode: item.AttachServiceCode, IsFixed: item.IsFixed });
        }
      }
      const wanted = [...new Set(rows.map((r) => r.AttachServiceCode))];
      const services = await repo.existingServices(wanted);
      const missing = wanted.find((c) => !services.includes(c));
      if (missing) throw badRequest(`Dịch vụ "${missing}" không phải dịch vụ có thể đính kèm (phương án dịch vụ bãi / không container).`);
      await repo.replace(scope, modes, rows);
    },

    /**
     * For the tariff engine: the services attached to an order of `jobModeCode` at `terminal`, from the most specific
     * stored scope that matches the order (payee, then vessel call, then operator, then local/foreign; docs/decisions.md).
     */
    async attachedServicesFor(q: AttachQuery): Promise<{ AttachServiceCode: string; IsFixed: boolean }[]> {
      const order = {
        OperationCode: orNull(q.operationCode),
        VesselKey: q.vesselKey == null || q.vesselKey.trim() === '' || q.vesselKey.trim() === ALL ? null : q.vesselKey.trim(),
        CustomerCode: orNull(q.customerCode),
        IsLocalForeign: orNull(q.isLocalForeign),
      };
      const rows = await repo.candidates(q.terminal.trim().toUpperCase(), q.jobModeCode.trim().toUpperCase(), order);
      return pickAttachedServices(rows, {
        operationCode: order.OperationCode,
        vesselKey: order.VesselKey,
        customerCode: order.CustomerCode,
        isLocalForeign: order.IsLocalForeign,
      });
    },
  };
}
export type AttachConfigService = ReturnType<typeof createAttachConfigService>;
