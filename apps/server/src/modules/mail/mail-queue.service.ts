import { MAIL_QUEUE_LIST_LIMIT, type MailQueueRow } from '@smartport/contract';
import QRCode from 'qrcode';
import type { MailMessage } from '../../adapters/mail/mail.port';
import type { MailService } from './mail.service';
import { mailFailureText } from './mail.service';
import type { ClaimedMail, MailQueueRepository, NewMail } from './mail-queue.repository';

/** The cid the order mails' HTML names their QR image by. */
export const QR_CID = 'qr@smartport';

/** Tries of one mail before it is left as failed; with the backoff below they span about two hours. */
export const MAIL_MAX_ATTEMPTS = 8;

/** Wait after the n-th failed try: 30 s, 1 min, 2 min … at most an hour (a refusing or absent server is left alone). */
export const mailRetryMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** What becomes of a failed try: the next one after a wait, or none once the tries are used up. */
export const nextTryAfter = (attempts: number, max = MAIL_MAX_ATTEMPTS): number | null => (attempts >= max ? null : mailRetryMs(attempts));

/** A sender holds a mail this long; longer than one send may take (the adapter gives up after 20 s). */
const LEASE_MS = 2 * 60_000;
/** Mails per run; the rest wait for the next run. */
const BATCH = 50;

/**
 * The mail queue: mails to payers and shipping lines are written here in the handler of the fact (once per key) and
 * sent by the 'mail.queue' job through the mail service (the terminal's own server when its config has one, else
 * the sender mail). A sent mail is marked done; a refused one waits with backoff; nothing is sent twice.
 */
export function createMailQueueService(deps: {
  repo: MailQueueRepository;
  mail: Pick<MailService, 'send'>;
  log?: { warn(o: object, m: string): void };
}) {
  const { repo } = deps;

  async function messageOf(m: ClaimedMail): Promise<MailMessage> {
    const attachments: NonNullable<MailMessage['attachments']> = m.QrText
      ? [{ filename: 'qr.png', contentType: 'image/png', cid: QR_CID, content: await QRCode.toBuffer(m.QrText, { margin: 1, width: 240 }) }]
      : [];
    if (m.Attachment && m.AttachmentName)
      attachments.push({
        filename: m.AttachmentName,
        contentType: m.AttachmentType ?? 'application/octet-stream',
        content: Buffer.from(m.Attachment),
      });
    return {
      to: m.MailTo.split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      subject: m.Subject,
      html: m.Html,
      text: m.Body,
      ...(attachments.length ? { attachments } : {}),
    };
  }

  /**
   * Failed tries in a row of each sender (by the terminal whose server sends: '' is the sender mail). A sender that
   * fails (server absent, refusing the login…) is left alone with the same backoff as one mail, for all its mails,
   * instead of each waiting mail trying it again. In memory: a restart, or another instance's run, tries once more.
   */
  const senderFailures = new Map<string, number>();

  /** 'sent', 'failed' (this mail only: its recipients were refused) or 'sender' (the server itself failed). */
  async function sendOne(m: ClaimedMail): Promise<'sent' | 'failed' | 'sender'> {
    let error: string;
    let senderFailed = true;
    try {
      const sent = await deps.mail.send(await messageOf(m), { terminal: m.TerminalCode });
      if (sent.ok) {
        await repo.sent(m.Rowguid, `Đã gửi (${sent.messageId})`);
        return 'sent';
      }
      senderFailed = sent.failure !== 'recipients_refused';
      error = mailFailureText(sent) + (sent.detail ? ` (${sent.detail})` : '');
    } catch (err) {
      error = `Không thể gửi mail : ${(err as Error).message}`;
    }
    const retryMs = nextTryAfter(m.Attempts);
    await repo.failed(m.Rowguid, error, retryMs);
    deps.log?.warn({ mail: m.Rowguid, kind: m.Kind, attempts: m.Attempts, retryMs, error }, 'mail not sent');
    return senderFailed ? 'sender' : 'failed';
  }

  return {
    /** Queues a mail (nothing when its key was queued before: a replayed fact). */
    queue: (m: NewMail) => repo.add(m),
    /** Records a mail that cannot go, with why. */
    skip: (m: NewMail, reason: string) => repo.addSkipped(m, reason),

    /** The job's run: the mails whose time came, each claimed first, until none is left or the portal closes. */
    async sendDue(signal?: AbortSignal): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      const paused = new Set<string>();
      for (;;) {
        const batch = await repo.claimDue(BATCH, LEASE_MS);
        for (const [i, m] of batch.entries()) {
          const sender = m.TerminalCode ?? '';
          if (paused.has(sender)) continue;
          const r = await sendOne(m);
          if (r === 'sent') {
            sent++;
            senderFailures.delete(sender);
            continue;
          }
          failed++;
          if (r !== 'sender') continue;
          const row = senderFailures.get(sender) ?? 0;
          senderFailures.set(sender, row + 1);
          paused.add(sender);
          const untried = batch.slice(i + 1).filter((o) => (o.TerminalCode ?? '') === sender);
          await repo.deferSender(
            m.TerminalCode,
            mailRetryMs(row + 1),
            untried.map((o) => o.Rowguid),
          );
        }
        if (batch.length < BATCH || signal?.aborted) return { sent, failed };
      }
    },

    /** 'Nhật ký gửi mail': the newest mails. */
    async list(): Promise<{ success: true; payload: MailQueueRow[] }> {
      return { success: true, payload: await repo.list(MAIL_QUEUE_LIST_LIMIT) };
    },
  };
}
export type MailQueueService = ReturnType<typeof createMailQueueService>;
