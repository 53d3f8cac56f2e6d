import { randomUUID } from 'node:crypto';
import { installKnobs } from '../knobs';
import type { SimulatorDefinition } from '../simulator';
import { type CustomsDeclaration, eligibility, findDeclaration } from './customs-data';

/**
 * Knobs (`POST /_knobs`, `GET /_knobs`):
 * - latencyMs: delay before every answer;
 * - timeout: the synchronous endpoints never answer in time (they hold the request for `hangMs`);
 * - malformed: answers are not valid JSON;
 * - asyncDelayMs: how long a queued 367 message waits before its result is ready;
 * - asyncFailure: a queued message ends with this failure code instead of a result
 *   (MSG_TRANSMIT_FAILED, ASKING_MSG_CREATE_FAILED, REQUEST_ABORTED, DESERIALIZE_FAILED, RESPONSE_TIMEOUT);
 * - refuse: queued messages are refused by customs (response function 27);
 * - unstorableFor: declaration numbers whose queued result carries text a database cannot store
 *   (a NUL character and a UTF-16 surrogate without its pair in RESPONSE_TEXT and msg), as a gateway
 *   with a broken encoder might send; the JSON itself stays valid.
 */
export interface CustomsKnobs {
  latencyMs: number;
  timeout: boolean;
  hangMs: number;
  malformed: boolean;
  asyncDelayMs: number;
  asyncFailure: string | null;
  refuse: boolean;
  unstorableFor: string[];
}

const defaults: CustomsKnobs = {
  latencyMs: 0,
  timeout: false,
  hangMs: 30_000,
  malformed: false,
  asyncDelayMs: 1500,
  asyncFailure: null,
  refuse: false,
  unstorableFor: [],
};

interface QueuedMessage {
  msgId: string;
  declareNo: string;
  office: string;
  readyAt: number;
  failure: string | null;
  refuse: boolean;
  malformed: boolean;
  unstorable: boolean;
}

/** The 367 answer for one declaration, in VASSCM's shape (TransportEquipments of the declaration). */
function answer367(declareNo: string, office: string, decl: CustomsDeclaration | null) {
  if (!decl) {
    return {
      customsAppNo: declareNo,
      declOffice: office,
      customsStatus: '',
      RESPONSE_TEXT: 'Không tìm thấy thông tin tờ khai',
      msg: 'Không tìm thấy thông tin tờ khai',
      data: { TransportEquipments: { TransportEquipment: [] } },
    };
  }
  return {
    customsAppNo: decl.customsAppNo,
    declOffice: decl.declOffice,
    customsStatus: decl.customsStatus,
    RESPONSE_TEXT: decl.responseText,
    msg: decl.responseText,
    data: {
      TransportEquipments: {
        TransportEquipment: decl.containers.map(({ BLNo: _bl, ...c }) => c),
      },
    },
  };
}

/** Customs automated supervision system (VASSCM) stand-in: messages 367 and 363, sync and queued. */
export const customsSimulator: SimulatorDefinition = {
  name: 'customs',
  description: 'Hệ thống giám sát hải quan tự động (VASSCM): thông điệp 367, 363',
  portOffset: 2,
  build(app) {
    // Every answer passes here: latency, time-out (not on the queue's polling) and malformed replies.
    const knobs = installKnobs(app, defaults, (k, url) => (k.timeout && !url.startsWith('/vasscm/messages/') ? k.hangMs : 0));
    const queue = new Map<string, QueuedMessage>();

    app.addHook('onSend', async (req, reply, payload) => {
      if (!knobs.malformed || req.url.startsWith('/_knobs') || req.url === '/health') return payload;
      reply.header('content-type', 'application/json');
      return '{"customsAppNo": "30512345", "data": [ <<truncated';
    });

    /** 367 synchronous: `{declareNo, office}` or `{items: [{declareNo, office}]}`. */
    app.post('/vasscm/367', async (req, reply) => {
      const body = (req.body ?? {}) as { declareNo?: unknown; office?: unknown; items?: unknown };
      const items = Array.isArray(body.items) ? body.items : [{ declareNo: body.declareNo, office: body.office }];
      const valid = items.every(
        (i) => i && typeof (i as { declareNo?: unknown }).declareNo === 'string' && typeof (i as { office?: unknown }).office === 'string',
      );
      if (!valid || !items.length) return reply.status(400).send({ error: 'BAD_REQUEST', message: 'Thiếu số tờ khai hoặc mã hải quan' });
      return {
        items: (items as { declareNo: string; office: string }[]).map((i) =>
          answer367(i.declareNo.trim().toUpperCase(), i.office.trim().toUpperCase(), findDeclaration(i.declareNo, i.office)),
        ),
      };
    });

    /** 367 queued: the message is accepted now, its result is fetched from /vasscm/messages/:id later. */
    app.post('/vasscm/367/queue', async (req, reply) => {
      const body = (req.body ?? {}) as { declareNo?: unknown; office?: unknown };
      if (typeof body.declareNo !== 'string' || typeof body.office !== 'string') {
        return reply.status(400).send({ error: 'BAD_REQUEST', message: 'Thiếu số tờ khai hoặc mã hải quan' });
      }
      const msgId = randomUUID();
      queue.set(msgId, {
        msgId,
        declareNo: body.declareNo.trim().toUpperCase(),
        office: body.office.trim().toUpperCase(),
        readyAt: Date.now() + knobs.asyncDelayMs,
        failure: knobs.asyncFailure,
        refuse: knobs.refuse,
        malformed: knobs.malformed,
        unstorable: knobs.unstorableFor.map((d) => d.trim().toUpperCase()).includes(body.declareNo.trim().toUpperCase()),
      });
      return { accepted: true, msgId };
    });

    app.get<{ Params: { id: string } }>('/vasscm/messages/:id', async (req, reply) => {
      const m = queue.get(req.params.id);
      if (!m) return reply.status(404).send({ error: 'NOT_FOUND', message: 'Không có thông điệp' });
      if (Date.now() < m.readyAt) return { msgId: m.msgId, state: 'queued' };
      if (m.failure) return { msgId: m.msgId, state: 'failed', failure: m.failure };
      if (m.refuse) {
        return {
          msgId: m.msgId,
          state: 'done',
          function: 27,
          result: { customsAppNo: m.declareNo, declOffice: m.office, msg: 'Thông điệp bị từ chối' },
        };
      }
      const result = answer367(m.declareNo, m.office, findDeclaration(m.declareNo, m.office));
      if (m.unstorable) {
        result.RESPONSE_TEXT = `${result.RESPONSE_TEXT}\u0000\ud800`;
        result.msg = `${result.msg}\u0000\ud800`;
      }
      return { msgId: m.msgId, state: 'done', function: 32, result };
    });

    /** 363: containers of one vessel voyage; the portal names the voyage it means. */
    app.post('/vasscm/363', async (req, reply) => {
      const body = (req.body ?? {}) as {
        vesselKey?: unknown;
        vesselName?: unknown;
        voyage?: unknown;
        arrival?: unknown;
        containers?: unknown;
      };
      if (
        typeof body.vesselKey !== 'string' ||
        typeof body.vesselName !== 'string' ||
        !Array.isArray(body.containers) ||
        !body.containers.every((c) => typeof c === 'string')
      ) {
        return reply.status(400).send({ error: 'BAD_REQUEST', message: 'Thiếu tàu/chuyến hoặc số container' });
      }
      const vessel = {
        vesselName: body.vesselName,
        voyage: typeof body.voyage === 'string' ? body.voyage : '',
        arrival: typeof body.arrival === 'string' ? body.arrival : null,
      };
      return { vesselKey: body.vesselKey, rows: (body.containers as string[]).map((c) => eligibility(c, vessel)) };
    });
  },
};
