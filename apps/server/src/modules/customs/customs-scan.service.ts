import {
  type CallRequest,
  CUSTOMS_RESCAN_MS,
  CUSTOMS_RESPONSE_FUNC,
  CUSTOMS_RESULT_EVENT_TYPE,
  type Customs363Row,
  type Customs367Item,
  type CustomsContainerRow,
  type CustomsFailureState,
  type calls,
  customsFailureStates,
  formatPortTime,
  portFormats,
} from '@smartport/contract';
import type { CustomsGateway, GatewayExchange, GatewayFailure } from '../../adapters/customs/customs.port';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest } from '../../http/errors';
import type { LiveEvents } from '../../realtime/realtime';
import { assertTerminal, scopeTerminals } from '../../security/terminal-scope';
import type { ContainerCustomsStatus, CustomsMessageRow, CustomsScanRepository, LogEntry, LogFilter } from './customs-scan.repository';

export const GATEWAY_TIMEOUT_MESSAGE = 'Quá thời gian phản hồi từ hệ thống.';
export const QUEUED_MESSAGE = 'Thông điệp đã được đưa vào hàng đợi!';

/** timeout → 504 (spec 01 §8); the gateway's other faults → 502 with what went wrong. */
function gatewayError(failure: GatewayFailure): AppError {
  switch (failure) {
    case 'timeout':
      return new AppError(504, GATEWAY_TIMEOUT_MESSAGE);
    case 'malformed':
      return new AppError(502, 'Hệ thống hải quan trả về dữ liệu không đọc được, vui lòng thử lại sau.');
    case 'refused':
      return new AppError(502, 'Hệ thống hải quan từ chối yêu cầu, vui lòng kiểm tra thông tin và thử lại.');
    default:
      return new AppError(502, 'Không kết nối được hệ thống hải quan, vui lòng thử lại sau.');
  }
}

type C = typeof calls.customs;

const DAY = 86_400_000;
const hhmmss = (d: Date) => formatPortTime(d, portFormats.time);

export interface CustomsScanDeps {
  repo: CustomsScanRepository;
  gateway: CustomsGateway;
  live: LiveEvents;
  /** How often a queued message is asked for its result, and how long at most (then RESPONSE_TIMEOUT). */
  pollMs?: number;
  resultTimeoutMs?: number;
  /**
   * The yard takes customs' answers (each container's status on its open visit) and the orders hear of it: a failure
   * here is logged and never spoils the scan's answer (the next scan records again).
   */
  recordStatuses?: (list: ContainerCustomsStatus[]) => Promise<void>;
  log?: (msg: string) => void;
}

/** The title of a voyage (spec 01 §3): vessel name / import voyage / export voyage. */
export const voyageTitle = (v: { VesselName: string; VesselImVoy: string; VesselExVoy: string }) =>
  `${v.VesselName} / ${v.VesselImVoy} / ${v.VesselExVoy}`;

const containersOf = (item: Customs367Item | null | undefined): CustomsContainerRow[] =>
  item?.data?.TransportEquipments?.TransportEquipment ?? [];

/**
 * What customs said of a declaration it gave no container for ('Không tìm thấy thông tin tờ khai' for an unknown or
 * mistyped number): the single scan shows it as the batch scan does, instead of an empty table without a word.
 */
const emptyAnswerText = (item: Customs367Item | null | undefined): { msg?: string } => {
  if (!item || containersOf(item).length) return {};
  const msg = (item.msg || item.RESPONSE_TEXT || '').trim();
  return msg ? { msg } : {};
};

/** What a 367 answer says of each container (the declaration's own status where a row carries none). */
export const statusesOf367 = (items: readonly (Customs367Item | null | undefined)[]): ContainerCustomsStatus[] =>
  items.flatMap((item) =>
    containersOf(item).map((c) => ({
      ContainerNo: c.CntrNo,
      CustomsStatus: c.CustomsStatus || item?.customsStatus || '',
      DeclareNo: item?.customsAppNo || null,
    })),
  );

export function createCustomsScanService(deps: CustomsScanDeps) {
  const { repo, gateway, live } = deps;

  async function record(list: ContainerCustomsStatus[]) {
    if (!list.length || !deps.recordStatuses) return;
    try {
      await deps.recordStatuses(list);
    } catch (err) {
      deps.log?.(`customs statuses not recorded on the yard: ${(err as Error).message}`);
    }
  }
  const pollMs = deps.pollMs ?? 1000;
  const resultTimeoutMs = deps.resultTimeoutMs ?? 60_000;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function logged<T>(exchange: GatewayExchange<T>, entry: Omit<LogEntry, 'RawRequest' | 'RawResponse'>) {
    await repo.writeLog({ ...entry, RawRequest: exchange.rawRequest, RawResponse: exchange.rawResponse });
    return exchange;
  }

  function later(fn: () => Promise<void>, ms: number) {
    if (closed) return;
    const t = setTimeout(() => {
      timers.delete(t);
      fn().catch((e) => deps.log?.(`customs poll: ${(e as Error).message}`));
    }, ms);
    timers.add(t);
  }

  /**
   * Asks the gateway for a queued message's result until it arrives, fails or times out; tells the sender by socket.
   * A message always ends: an answer that cannot be stored (the log or the result refused by the database) ends it
   * as failed 'RESULT_NOT_STORED' instead of leaving it queued; when even that cannot be written (the database is
   * away), the next tick tries again, for at most one more result time-out.
   */
  function watch(message: CustomsMessageRow, userId: string, deadline: number) {
    const notify = (extra: { note_state: string; response_func?: number; message?: string }) =>
      live.toUser(userId, 'customs_result', {
        request_type: CUSTOMS_RESULT_EVENT_TYPE,
        ...extra,
        data: { msgGroupId: message.MsgGroupId, declareNo: message.DeclareNo, office: message.Office },
      });
    const fail = async (code: CustomsFailureState) => {
      await repo.finishMessage(message.MsgGroupId, { State: 'failed', FailureCode: code });
      notify({ note_state: code, message: customsFailureStates[code] });
    };
    const giveUpAt = deadline + resultTimeoutMs;
    /** One poll; true when the message has ended. */
    const step = async (): Promise<boolean> => {
      const x = await gateway.poll(message.GatewayMsgId ?? '');
      const entry = { SenderBy: message.SenderBy, RequestType: CUSTOMS_RESULT_EVENT_TYPE, DeclareNos: [message.DeclareNo] };
      if (!x.outcome.ok) {
        // A reply that cannot be read is final; a lost connection or a slow answer is retried until the deadline.
        if (x.outcome.failure === 'malformed') {
          await logged(x, entry);
          await fail('DESERIALIZE_FAILED');
          return true;
        }
        if (x.outcome.failure === 'refused') {
          await logged(x, entry);
          await fail('REQUEST_ABORTED');
          return true;
        }
      } else if (x.outcome.value.state === 'failed') {
        await logged(x, entry);
        const code = x.outcome.value.failure ?? 'REQUEST_ABORTED';
        await fail((code in customsFailureStates ? code : 'REQUEST_ABORTED') as CustomsFailureState);
        return true;
      } else if (x.outcome.value.state === 'done') {
        await logged(x, { ...entry, ContainerNos: containersOf(x.outcome.value.item).map((c) => c.CntrNo) });
        const func = x.outcome.value.responseFunc ?? CUSTOMS_RESPONSE_FUNC.result;
        await repo.finishMessage(message.MsgGroupId, { State: 'done', ResponseFunc: func, Result: x.outcome.value.item ?? null });
        if (func !== CUSTOMS_RESPONSE_FUNC.refused) await record(statusesOf367([x.outcome.value.item]));
        notify({
          note_state: 'SUCCESS',
          response_func: func,
          ...(func === CUSTOMS_RESPONSE_FUNC.refused
            ? { message: 'Hải quan từ chối thông điệp, vui lòng kiểm tra số tờ khai và mã hải quan.' }
            : {}),
        });
        return true;
      }
      if (Date.now() >= deadline) {
        await fail('RESPONSE_TIMEOUT');
        return true;
      }
      return false;
    };
    const tick = async () => {
      if (closed) return;
      try {
        if (await step()) return;
      } catch (err) {
        deps.log?.(`customs message ${message.MsgGroupId}: result not stored: ${(err as Error).message}`);
        try {
          await fail('RESULT_NOT_STORED');
          return;
        } catch (again) {
          deps.log?.(`customs message ${message.MsgGroupId}: failure not stored: ${(again as Error).message}`);
          if (Date.now() >= giveUpAt) return;
        }
      }
      later(tick, pollMs);
    };
    later(tick, pollMs);
  }

  return {
    /** custom/req_aciss 367: one or more declarations, answered at once (HTTP 504 on a gateway time-out). */
    async query367(user: AuthUser, items: { declareNo: string; office: string }[]) {
      const x = await logged(await gateway.query367(items), {
        SenderBy: user.UserID,
        RequestType: '367',
        DeclareNos: items.map((i) => i.declareNo),
        ContainerNos: [],
      });
      if (!x.outcome.ok) throw gatewayError(x.outcome.failure);
      await record(statusesOf367(x.outcome.value));
      return x.outcome.value;
    },

    /** custom/req_aciss 363: containers of voyages of the caller's terminals, one message per voyage. */
    async query363(user: AuthUser, items: { UserVoy: string; CntrNo: string }[]): Promise<Customs363Row[]> {
      const keys = [...new Set(items.map((i) => i.UserVoy))];
      const voyages = new Map((await repo.voyages(keys)).map((v) => [v.VesselKey, v]));
      const own = new Set(scopeTerminals(user));
      for (const key of keys) {
        const v = voyages.get(key);
        if (!v || !own.has(v.TerminalCode)) throw badRequest(`Không tìm thấy tàu/chuyến ${key} trong các cảng của bạn.`);
      }
      const rows: Customs363Row[] = [];
      for (const key of keys) {
        const v = voyages.get(key) as NonNullable<ReturnType<typeof voyages.get>>;
        const containers = [...new Set(items.filter((i) => i.UserVoy === key).map((i) => i.CntrNo))];
        const x = await logged(
          await gateway.query363(
            {
              vesselKey: v.VesselKey,
              vesselName: v.VesselName,
              voyage: `${v.VesselImVoy}/${v.VesselExVoy}`,
              arrival: v.ETA?.toISOString() ?? null,
            },
            containers,
          ),
          { SenderBy: user.UserID, RequestType: '363', VoyageKey: v.VesselKey, TerminalCode: v.TerminalCode, ContainerNos: containers },
        );
        if (!x.outcome.ok) throw gatewayError(x.outcome.failure);
        for (const r of x.outcome.value) rows.push({ ...r, userVoy: voyageTitle(v) });
      }
      await record(rows.map((r) => ({ ContainerNo: r.cntrNo, CustomsStatus: r.customsStatus, DeclareNo: r.customsAppNo || null })));
      return rows;
    },

    /**
     * custom/req_cas367: queue a 367 message for one declaration. Within 5 minutes of the last
     * message, or when rescanning is not allowed, the stored result is given back instead.
     */
    async send367(user: AuthUser, input: Pick<CallRequest<C['reqCas367']>, 'declareNo' | 'office' | 'allow_send_again'>, now = Date.now()) {
      const last = await repo.lastMessage(input.declareNo, input.office);
      if (last) {
        const result = last.Result as Customs367Item | null;
        const lists = containersOf(result);
        const lastSent = last.SentTime.toISOString();
        if (now - last.SentTime.getTime() < CUSTOMS_RESCAN_MS) {
          const again = new Date(last.SentTime.getTime() + CUSTOMS_RESCAN_MS);
          return {
            success: true,
            message: `Tờ khai đã được quét lúc ${hhmmss(last.SentTime)}, có thể quét lại sau 5 phút (từ ${hhmmss(again)}).`,
            data: { lists, lastSent, ...emptyAnswerText(result) },
          };
        }
        if (!input.allow_send_again) return { success: true, data: { lists, lastSent, ...emptyAnswerText(result) } };
      }
      const x = await logged(await gateway.queue367({ declareNo: input.declareNo, office: input.office }), {
        SenderBy: user.UserID,
        RequestType: '367',
        DeclareNos: [input.declareNo],
      });
      if (!x.outcome.ok) throw gatewayError(x.outcome.failure);
      const message = await repo.addMessage({
        DeclareNo: input.declareNo,
        Office: input.office,
        SenderBy: user.UserID,
        GatewayMsgId: x.outcome.value.msgId,
      });
      watch(message, user.UserID, now + resultTimeoutMs);
      return { success: true, message: QUEUED_MESSAGE, data: { msgGroupId: message.MsgGroupId } };
    },

    /** custom/get_cas367: the declaration's latest result and the state of its last message. */
    async view367(input: Pick<CallRequest<C['getCas367']>, 'declareNo' | 'office'>) {
      const last = await repo.lastMessage(input.declareNo, input.office);
      if (!last) return { data: [] as CustomsContainerRow[], state: 'none' };
      const result = last.Result as Customs367Item | null;
      return {
        data: containersOf(result),
        state: last.State,
        ...(last.State === 'done' ? emptyAnswerText(result) : {}),
        lastSent: last.SentTime.toISOString(),
      };
    },

    readLog(user: AuthUser, f: LogFilter) {
      if (f.fromDate.getTime() > f.toDate.getTime()) throw badRequest('Ngày bắt đầu phải trước ngày kết thúc');
      return repo.readLog(scopeTerminals(user), f);
    },

    /**
     * The picker's voyages: arrStatus 1 = not departed more than 3 days ago and arriving within 30 days (else the last
     * 90 days too). A TerminalCode keeps the calls of that terminal only (an order's own), never one outside the caller's.
     */
    ships(user: AuthUser, f: CallRequest<C['searchShip']>, now = Date.now()) {
      const open = f.arrStatus === 1;
      if (f.TerminalCode) assertTerminal(user, f.TerminalCode);
      return repo.ships(scopeTerminals(user, f.TerminalCode || null), {
        departedAfter: new Date(now - (open ? 3 : 90) * DAY),
        arrivingBefore: new Date(now + 30 * DAY),
        VesselName: f.VesselName,
      });
    },

    /**
     * The 'customs.expire' job: a message still queued long after its watcher's last chance (sent more than twice the
     * result time-out ago: the portal restarted, or the database was away when the watcher tried to end it) ends as
     * failed RESPONSE_TIMEOUT, so none stays queued for ever.
     */
    async expireStale(now = Date.now()) {
      return repo.failQueuedBefore(new Date(now - 2 * resultTimeoutMs), 'RESPONSE_TIMEOUT');
    },

    /** Stops the result watchers (app close). */
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
export type CustomsScanService = ReturnType<typeof createCustomsScanService>;
