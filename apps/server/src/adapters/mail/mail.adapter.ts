import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { OutboundPolicy, OutboundTarget } from '../../security/outbound-policy';
import type { MailConnection, MailFailure, MailSender } from './mail.port';

/** nodemailer's error codes, as the port says them. */
function failureOf(err: unknown): MailFailure {
  const code = err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : '';
  const detail = err instanceof Error ? err.message : String(err);
  switch (code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return { ok: false, failure: 'login_refused', detail };
    case 'EENVELOPE':
      return { ok: false, failure: 'recipients_refused', detail };
    case 'ETIMEDOUT':
    // The only signal a send carries is its AbortSignal.timeout.
    case 'EABORT':
      return { ok: false, failure: 'timeout', detail };
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EDNS':
    case 'ETLS':
      return { ok: false, failure: 'unreachable', detail };
    case 'EPROTOCOL':
    case 'EHLO':
      return { ok: false, failure: 'malformed', detail };
    default:
      return { ok: false, failure: 'refused', detail };
  }
}

const timedOut = (ms: number): MailFailure => ({ ok: false, failure: 'timeout', detail: `No answer from the mail server within ${ms} ms` });

/**
 * SMTP adapter on nodemailer. One transport per call (the settings can change between calls), closed
 * after it; every stage of the exchange (DNS, connect, greeting, each command) and the whole call
 * (AbortSignal.timeout on the send, a timer around verify) are bounded by `timeoutMs`.
 */
export function createSmtpMailSender(opts: { timeoutMs?: number; outbound: Pick<OutboundPolicy, 'check'> }): MailSender {
  const timeoutMs = opts.timeoutMs ?? 20_000;

  /** To the address the outbound policy checked (no second resolution), the name kept for TLS (SNI, certificate). */
  function transportFor(conn: MailConnection, target: OutboundTarget) {
    return nodemailer.createTransport({
      host: target.address,
      ...(isIP(target.host) ? {} : { servername: target.host }),
      port: conn.port,
      secure: conn.secure,
      ...(conn.user ? { auth: { user: conn.user, pass: conn.password ?? '' } } : {}),
      tls: { rejectUnauthorized: conn.rejectUnauthorized ?? true },
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
    });
  }

  /** Runs one exchange under the overall time limit; the transport is closed whatever happens. */
  async function bounded<T>(conn: MailConnection, run: (t: ReturnType<typeof transportFor>) => Promise<T>): Promise<T | MailFailure> {
    if (!conn.host.trim() || !Number.isInteger(conn.port) || conn.port < 1 || conn.port > 65_535)
      return { ok: false, failure: 'not_configured' };
    const target = await opts.outbound.check('smtp', conn.secure ? 'smtps' : 'smtp', conn.host, conn.port);
    if (!target.ok) return { ok: false, failure: 'not_allowed', detail: target.reason };
    const transport = transportFor(conn, target);
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<MailFailure>((resolve) => {
      timer = setTimeout(() => resolve(timedOut(timeoutMs)), timeoutMs);
    });
    try {
      return await Promise.race([run(transport).catch(failureOf), limit]);
    } finally {
      clearTimeout(timer);
      transport.close();
    }
  }

  return {
    send(conn, message) {
      return bounded(conn, async (t) => {
        const info = await t.sendMail({
          signal: AbortSignal.timeout(timeoutMs),
          from: conn.from,
          to: message.to,
          ...(message.cc?.length ? { cc: message.cc } : {}),
          subject: message.subject,
          ...(message.html !== undefined ? { html: message.html } : {}),
          ...(message.text !== undefined ? { text: message.text } : {}),
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((a) => ({
                  filename: a.filename,
                  content: a.content,
                  contentType: a.contentType,
                  ...(a.cid ? { cid: a.cid } : {}),
                })),
              }
            : {}),
        });
        return { ok: true as const, messageId: info.messageId, accepted: [...info.accepted], rejected: [...info.rejected] };
      });
    },
    verify(conn) {
      return bounded(conn, async (t) => {
        await t.verify();
        return { ok: true as const };
      });
    },
  };
}
