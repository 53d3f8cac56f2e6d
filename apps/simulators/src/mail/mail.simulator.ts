import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { installKnobs, sleep } from '../knobs';
import type { SimulatorDefinition } from '../simulator';

/** The SMTP account of the demo sender-mail settings. Sending without logging in is accepted too. */
export const demoMailAccount = { user: 'smartport', pass: 'Mail@2026' };

/** One message as the inbox keeps it. */
export interface ReceivedMail {
  id: string;
  receivedAt: string;
  /** The SMTP envelope: who the client said it sends for and to (Bcc included). */
  envelope: { from: string | null; to: string[] };
  /** The account the client logged in with, null without login. */
  authUser: string | null;
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  /** Files that came with the message (name, type, size; the content as base64). */
  attachments: { filename: string | null; contentType: string; size: number; content: string }[];
  size: number;
}

/** The most messages kept (the oldest go first). */
const INBOX_LIMIT = 500;

const defaults = {
  latencyMs: 0,
  hang: false,
  /** Hold every SMTP command reply this long (a slow or stuck mail server: the sender's time-out). */
  smtpDelayMs: 0,
  /** Refuse every recipient (550), as a server refusing to relay does. */
  rejectRecipients: false,
};

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? '').filter(Boolean));

/**
 * The local mail server (DESIGN.md §2): a real SMTP server on loopback (smtp-server, no TLS, login
 * optional) that keeps what it receives, parsed with mailparser, behind a small HTTP inbox:
 * `GET /messages` (newest last; `?to=` filters by recipient), `GET /messages/:id`, `DELETE /messages`.
 * The SMTP port is the HTTP port + 1 (any free port when the HTTP port is), reported as endpoint `smtp`.
 */
export const mailSimulator: SimulatorDefinition = {
  name: 'mail',
  description: 'Máy chủ thư nội bộ (SMTP) và hộp thư xem qua HTTP',
  portOffset: 7,
  async build(app, ctx) {
    const knobs = installKnobs(app, defaults);
    const inbox: ReceivedMail[] = [];

    const smtp = new SMTPServer({
      banner: 'SmartPort mail simulator',
      // Plain SMTP on loopback: no STARTTLS, so login works without TLS.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      disableReverseLookup: true,
      size: 10 * 1024 * 1024,
      logger: false,
      onAuth(auth, _session, done) {
        if (auth.username === demoMailAccount.user && auth.password === demoMailAccount.pass) return done(null, { user: auth.username });
        done(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onMailFrom(_address, _session, done) {
        sleep(knobs.smtpDelayMs).then(() => done());
      },
      onRcptTo(address, _session, done) {
        if (knobs.rejectRecipients) return done(Object.assign(new Error(`Relay denied for ${address.address}`), { responseCode: 550 }));
        done();
      },
      onData(stream, session, done) {
        simpleParser(stream)
          .then((mail) => {
            inbox.push({
              id: randomBytes(8).toString('hex'),
              receivedAt: new Date().toISOString(),
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              authUser: typeof session.user === 'string' ? session.user : null,
              from: mail.from?.text ?? '',
              to: addresses(mail.to),
              cc: addresses(mail.cc),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : null,
              messageId: mail.messageId ?? null,
              attachments: mail.attachments.map((a) => ({
                filename: a.filename ?? null,
                contentType: a.contentType,
                size: a.size,
                content: a.content.toString('base64'),
              })),
              size: stream.byteLength,
            });
            if (inbox.length > INBOX_LIMIT) inbox.splice(0, inbox.length - INBOX_LIMIT);
            done();
          })
          .catch((err: Error) => done(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(ctx.port ? ctx.port + 1 : 0, ctx.host, () => {
        smtp.off('error', reject);
        resolve();
      });
    });
    const { port } = smtp.server.address() as AddressInfo;
    ctx.addEndpoint('smtp', `smtp://${ctx.host}:${port}`);
    app.addHook('onClose', () => new Promise<void>((resolve) => smtp.close(() => resolve())));

    const summary = (m: ReceivedMail) => ({ id: m.id, receivedAt: m.receivedAt, from: m.from, to: m.to, subject: m.subject });
    app.get<{ Querystring: { to?: string } }>('/messages', async (req) => {
      const to = req.query.to?.toLowerCase();
      const found = to ? inbox.filter((m) => [...m.envelope.to, ...m.to, ...m.cc].some((a) => a.toLowerCase() === to)) : inbox;
      return { messages: found.map(summary) };
    });
    app.get<{ Params: { id: string } }>('/messages/:id', async (req, reply) => {
      const m = inbox.find((x) => x.id === req.params.id);
      return m ?? reply.status(404).send({ message: 'Không có thư này' });
    });
    app.delete('/messages', async () => {
      const deleted = inbox.length;
      inbox.length = 0;
      return { deleted };
    });
  },
};
