import { type Customs363Row, type Customs367Item, customsFailureStates } from '@smartport/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustomsGateway, GatewayExchange, QueuedPoll } from '../../src/adapters/customs/customs.port';
import type { AuthUser } from '../../src/http/context';
import type { ContainerCustomsStatus } from '../../src/modules/customs/customs-scan.repository';
import { createCustomsScanService, GATEWAY_TIMEOUT_MESSAGE, QUEUED_MESSAGE } from '../../src/modules/customs/customs-scan.service';
import { createFakeCustomsScanRepository, voyage } from './fakes/customs-scan-repository.fake';

/**
 * The customs scan service with a fake of the customs port (no HTTP): answers, time-outs and
 * refusals become the user's replies (spec 01 §8), every exchange lands in the request log.
 */
const user: AuthUser = {
  UserID: 'nhanvien',
  UserName: 'Nhân viên',
  UserGroupCode: 'NV',
  UserGroupName: 'Nhân viên',
  Rank: 10,
  terminals: ['NDP'],
  CustomerCode: null,
  Email: null,
  grants: new Set(['CUSTOM_SCAN']),
  jti: 'j1',
};

const item = (declareNo: string, status = 'TQ'): Customs367Item => ({
  customsAppNo: declareNo,
  declOffice: '03EE',
  customsStatus: status,
  RESPONSE_TEXT: 'Thông quan',
  msg: '',
  data: {
    TransportEquipments: {
      TransportEquipment: [
        {
          CustomsStatus: status,
          ResponseText: 'OK',
          CntrNo: 'TEMU1234565',
          TransportIdentity: 'MSC ANNA',
          NumberOfJourney: '021N',
          ArrivalDeparture: null,
        },
      ],
    },
  },
});
const ok = <T>(value: T, raw = '{"ok":true}'): GatewayExchange<T> => ({
  rawRequest: '{"req":1}',
  rawResponse: raw,
  outcome: { ok: true, value },
});
const failed = <T>(failure: 'timeout' | 'refused' | 'malformed' | 'unreachable'): GatewayExchange<T> => ({
  rawRequest: '{"req":1}',
  rawResponse: `(${failure})`,
  outcome: { ok: false, failure },
});

/** A gateway whose next answers the test sets (one queue per call). */
function fakeGateway() {
  const next = {
    q367: [] as GatewayExchange<Customs367Item[]>[],
    q363: [] as GatewayExchange<Omit<Customs363Row, 'userVoy'>[]>[],
    queue: [] as GatewayExchange<{ msgId: string }>[],
    poll: [] as GatewayExchange<QueuedPoll>[],
  };
  const asked: { q363: { voyage: string; containers: string[] }[]; polls: string[] } = { q363: [], polls: [] };
  const gateway: CustomsGateway = {
    async query367(items) {
      return next.q367.shift() ?? ok(items.map((i) => item(i.declareNo)));
    },
    async query363(v, containers) {
      asked.q363.push({ voyage: v.vesselKey, containers });
      return (
        next.q363.shift() ??
        ok(
          containers.map((c) => ({
            customsStatus: 'TQ',
            msg: '',
            cntrNo: c,
            blNo: 'BL1',
            declOffice: '03EE',
            customsAppNo: '305123456789',
            vslNm: v.vesselName,
            journeyNumber: v.voyage,
            eta: v.arrival,
          })),
        )
      );
    },
    async queue367() {
      return next.queue.shift() ?? ok({ msgId: 'MSG-1' });
    },
    async poll(msgId) {
      asked.polls.push(msgId);
      return next.poll.shift() ?? ok<QueuedPoll>({ state: 'queued' });
    },
  };
  return { gateway, next, asked };
}

const services: { close(): void }[] = [];
afterEach(() => {
  for (const s of services.splice(0)) s.close();
});

function setup(opts: { resultTimeoutMs?: number; recordFails?: boolean } = {}) {
  const data = createFakeCustomsScanRepository([
    voyage(),
    voyage({ VesselKey: 'NDV-EVG-002', TerminalCode: 'NDV', VesselName: 'EVER BLOOM' }),
  ]);
  const gw = fakeGateway();
  const events: { userId: string; event: string; envelope: Record<string, unknown> }[] = [];
  const recorded: ContainerCustomsStatus[][] = [];
  const service = createCustomsScanService({
    recordStatuses: async (list) => {
      if (opts.recordFails) throw new Error('database away');
      recorded.push(list);
    },
    repo: data.repo,
    gateway: gw.gateway,
    live: {
      toUser: (userId, event, envelope) => void events.push({ userId, event, envelope: { ...envelope } }),
      toAll: () => {},
      endSession: async () => {},
    },
    pollMs: 5,
    resultTimeoutMs: opts.resultTimeoutMs ?? 2000,
  });
  services.push(service);
  return { ...data, ...gw, service, events, recorded };
}

const until = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('367 answered at once (custom/req_aciss)', () => {
  it('returns the declarations and logs the exchange with its raw texts', async () => {
    const s = setup();
    const r = await s.service.query367(user, [{ declareNo: '305123456789', office: '03EE' }]);
    expect(r.map((i) => i.customsStatus)).toEqual(['TQ']);
    expect(s.log).toEqual([
      expect.objectContaining({
        SenderBy: 'nhanvien',
        RequestType: '367',
        DeclareNos: ['305123456789'],
        RawRequest: '{"req":1}',
        RawResponse: '{"ok":true}',
      }),
    ]);
  });

  it('answers a gateway time-out with 504 and the spec message, and still logs it', async () => {
    const s = setup();
    s.next.q367.push(failed('timeout'));
    await expect(s.service.query367(user, [{ declareNo: '305123456789', office: '03EE' }])).rejects.toMatchObject({
      statusCode: 504,
      message: GATEWAY_TIMEOUT_MESSAGE,
    });
    expect(s.log.at(-1)).toMatchObject({ RequestType: '367', RawResponse: '(timeout)' });
  });

  it("answers the gateway's refusal with 502, an unreadable answer and no connection with their own 502 messages", async () => {
    const s = setup();
    s.next.q367.push(failed('refused'), failed('malformed'), failed('unreachable'));
    const ask = () => s.service.query367(user, [{ declareNo: '305123456789', office: '03EE' }]);
    await expect(ask()).rejects.toMatchObject({
      statusCode: 502,
      message: 'Hệ thống hải quan từ chối yêu cầu, vui lòng kiểm tra thông tin và thử lại.',
    });
    await expect(ask()).rejects.toMatchObject({
      statusCode: 502,
      message: 'Hệ thống hải quan trả về dữ liệu không đọc được, vui lòng thử lại sau.',
    });
    await expect(ask()).rejects.toMatchObject({ statusCode: 502, message: 'Không kết nối được hệ thống hải quan, vui lòng thử lại sau.' });
    expect(s.log).toHaveLength(3);
  });
});

describe('363 gate scan', () => {
  it("asks once per voyage of the caller's terminals and labels each row with the voyage title", async () => {
    const s = setup();
    const rows = await s.service.query363(user, [
      { UserVoy: 'NDP-MSC-001', CntrNo: 'TEMU1234565' },
      { UserVoy: 'NDP-MSC-001', CntrNo: 'MSCU7654321' },
      { UserVoy: 'NDP-MSC-001', CntrNo: 'TEMU1234565' },
    ]);
    expect(s.asked.q363).toEqual([{ voyage: 'NDP-MSC-001', containers: ['TEMU1234565', 'MSCU7654321'] }]);
    expect(rows.map((r) => [r.cntrNo, r.userVoy])).toEqual([
      ['TEMU1234565', 'MSC ANNA / 021N / 021S'],
      ['MSCU7654321', 'MSC ANNA / 021N / 021S'],
    ]);
    expect(s.log.at(-1)).toMatchObject({ RequestType: '363', VoyageKey: 'NDP-MSC-001', TerminalCode: 'NDP' });
    expect(s.recorded.flat().map((c) => c.ContainerNo)).toEqual(['TEMU1234565', 'MSCU7654321']);
  });

  it("a yard that cannot take customs' answer does not spoil the scan: the answer still comes back", async () => {
    const s = setup({ recordFails: true });
    s.next.q367.push(ok([item('305123456789')]));
    const answer = await s.service.query367(user, [{ declareNo: '305123456789', office: '03EE' }]);
    expect(answer.map((d) => d.customsAppNo)).toEqual(['305123456789']);
  });

  it('refuses a voyage of another terminal before asking customs, and maps a time-out to 504', async () => {
    const s = setup();
    await expect(s.service.query363(user, [{ UserVoy: 'NDV-EVG-002', CntrNo: 'TEMU1234565' }])).rejects.toMatchObject({ statusCode: 400 });
    expect(s.asked.q363).toEqual([]);
    s.next.q363.push(failed('timeout'));
    await expect(s.service.query363(user, [{ UserVoy: 'NDP-MSC-001', CntrNo: 'TEMU1234565' }])).rejects.toMatchObject({
      statusCode: 504,
      message: GATEWAY_TIMEOUT_MESSAGE,
    });
  });
});

describe('367 queued (custom/req_cas367) and its result', () => {
  it('queues, polls the port until the result, stores it and pushes the 367.1 event', async () => {
    const s = setup();
    s.next.poll.push(ok<QueuedPoll>({ state: 'queued' }), ok<QueuedPoll>({ state: 'done', responseFunc: 32, item: item('305123456789') }));
    const r = await s.service.send367(user, { declareNo: '305123456789', office: '03EE', allow_send_again: true });
    expect(r.message).toBe(QUEUED_MESSAGE);
    await until(() => s.events.length > 0);
    expect(s.asked.polls).toEqual(['MSG-1', 'MSG-1']);
    expect(s.events[0]).toMatchObject({
      userId: 'nhanvien',
      event: 'customs_result',
      envelope: { note_state: 'SUCCESS', response_func: 32 },
    });
    expect(s.messages[0]).toMatchObject({ State: 'done', ResponseFunc: 32 });
    const view = await s.service.view367({ declareNo: '305123456789', office: '03EE' });
    expect(view.data.map((c) => c.CntrNo)).toEqual(['TEMU1234565']);
    // The yard takes the answer (customs holds): each container with its status and the declaration.
    expect(s.recorded).toEqual([[{ ContainerNo: 'TEMU1234565', CustomsStatus: 'TQ', DeclareNo: '305123456789' }]]);
  });

  it('ends a message customs failed with its failure code, and one without an answer with RESPONSE_TIMEOUT', async () => {
    const s = setup({ resultTimeoutMs: 60 });
    s.next.poll.push(ok<QueuedPoll>({ state: 'failed', failure: 'MSG_TRANSMIT_FAILED' }));
    await s.service.send367(user, { declareNo: '305000000001', office: '03EE', allow_send_again: true });
    await until(() => s.events.length === 1);
    expect(s.events[0]?.envelope).toMatchObject({ note_state: 'MSG_TRANSMIT_FAILED', message: customsFailureStates.MSG_TRANSMIT_FAILED });
    // A gateway that keeps timing out: retried until the deadline, then the message fails.
    for (let i = 0; i < 100; i++) s.next.poll.push(failed('timeout'));
    await s.service.send367(user, { declareNo: '305000000002', office: '03EE', allow_send_again: true });
    await until(() => s.events.length === 2);
    expect(s.events[1]?.envelope).toMatchObject({ note_state: 'RESPONSE_TIMEOUT' });
    expect(s.messages[1]).toMatchObject({ State: 'failed', FailureCode: 'RESPONSE_TIMEOUT' });
  });

  it('answers 504 when queueing times out, and queues nothing', async () => {
    const s = setup();
    s.next.queue.push(failed('timeout'));
    await expect(s.service.send367(user, { declareNo: '305123456789', office: '03EE', allow_send_again: true })).rejects.toMatchObject({
      statusCode: 504,
    });
    expect(s.messages).toEqual([]);
  });
});
