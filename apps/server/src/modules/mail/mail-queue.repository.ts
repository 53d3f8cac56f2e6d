import type { MailKind, MailQueueRow, MailQueueStatus } from '@smartport/contract';
import type { Database } from '../../db/client';

/** A mail to queue (or to record as skipped). */
export interface NewMail {
  DedupeKey: string;
  Kind: MailKind;
  MailTo: string[];
  Subject: string;
  Html: string;
  Body: string;
  QrText?: string | null;
  OrderNo?: string | null;
  TerminalCode?: string | null;
  /** A file sent with it (a scheduled report's workbook). */
  Attachment?: { filename: string; contentType: string; content: Buffer } | null;
}

/** A mail a sender took (claimed) to send now. */
export interface ClaimedMail {
  Rowguid: string;
  Kind: string;
  MailTo: string;
  Subject: string;
  Html: string;
  Body: string;
  QrText: string | null;
  TerminalCode: string | null;
  Attempts: number;
  AttachmentName: string | null;
  AttachmentType: string | null;
  Attachment: Uint8Array | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The mail queue and record (`mail_queue`). */
export function createMailQueueRepository(database: Database) {
  async function insert(m: NewMail, status: MailQueueStatus, result: string | null): Promise<boolean> {
    const rows = await database.query(
      `insert into mail_queue (dedupe_key, kind, mail_to, subject, html, body, qr_text, order_no, terminal_code, status, result,
                              attachment_name, attachment_type, attachment)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       on conflict (dedupe_key) do nothing returning 1`,
      [
        m.DedupeKey,
        m.Kind,
        m.MailTo.join(', '),
        m.Subject,
        m.Html,
        m.Body,
        m.QrText ?? null,
        m.OrderNo ?? null,
        m.TerminalCode ?? null,
        status,
        result,
        m.Attachment?.filename ?? null,
        m.Attachment?.contentType ?? null,
        m.Attachment ? new Uint8Array(m.Attachment.content) : null,
      ],
    );
    return rows.length > 0;
  }

  return {
    /** Queues the mail unless one of its key was queued before; answers whether it is new. */
    add: (m: NewMail) => insert(m, 'queued', null),

    /** Records a mail that cannot go (no address), with the reason; once per key. */
    addSkipped: (m: NewMail, reason: string) => insert(m, 'skipped', reason),

    /**
     * Takes up to `limit` mails whose time came and that no sender holds, for `leaseMs` (a sender that dies leaves
     * them to the next after it); each take counts as a try. The conditional update decides between instances.
     */
    async claimDue(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      return database.query<ClaimedMail>(
        `update mail_queue set claimed_until = now() + make_interval(secs => $2::double precision / 1000), attempts = attempts + 1
          where rowguid in (select rowguid from mail_queue
                             where status = 'queued' and next_try_time <= now() and (claimed_until is null or claimed_until < now())
                             order by next_try_time, queued_time limit $1)
            and status = 'queued' and (claimed_until is null or claimed_until < now())
          returning rowguid "Rowguid", kind "Kind", mail_to "MailTo", subject "Subject", html "Html", body "Body", qr_text "QrText",
                    terminal_code "TerminalCode", attempts "Attempts", attachment_name "AttachmentName",
                    attachment_type "AttachmentType", attachment "Attachment"`,
        [limit, leaseMs],
      );
    },

    /** Done: never sent again. */
    async sent(rowguid: string, result: string): Promise<void> {
      await database.query(
        `update mail_queue set status = 'sent', sent_time = now(), claimed_until = null, result = $2 where rowguid = $1`,
        [rowguid, result.slice(0, 2000)],
      );
    },

    /** A failed try: the next one after `retryMs`, or none (`null`: tries used up, status failed). */
    async failed(rowguid: string, error: string, retryMs: number | null): Promise<void> {
      await database.query(
        `update mail_queue set claimed_until = null, result = $2,
                status = case when $3::double precision is null then 'failed' else 'queued' end,
                next_try_time = case when $3::double precision is null then next_try_time
                                     else now() + make_interval(secs => $3::double precision / 1000) end
          where rowguid = $1`,
        [rowguid, error.slice(0, 2000), retryMs],
      );
    },

    /**
     * The sender of `terminal`'s mails (null: the sender mail) is failing: every mail waiting for it, and the ones this
     * run claimed but did not try (`untried`: that take is not a try), waits `waitMs` at least.
     */
    async deferSender(terminal: string | null, waitMs: number, untried: string[]): Promise<void> {
      await database.query(
        `update mail_queue set next_try_time = greatest(next_try_time, now() + make_interval(secs => $2::double precision / 1000)),
                claimed_until = case when rowguid = any($3::uuid[]) then null else claimed_until end,
                attempts = case when rowguid = any($3::uuid[]) then attempts - 1 else attempts end
          where status = 'queued' and terminal_code is not distinct from $1
            and (rowguid = any($3::uuid[]) or claimed_until is null or claimed_until < now())`,
        [terminal, waitMs, untried],
      );
    },

    /** The newest mails first, for the record screen. */
    async list(limit: number): Promise<MailQueueRow[]> {
      const rows = await database.query<
        Omit<MailQueueRow, 'QueuedTime' | 'SentTime'> & { QueuedTime: Date | string; SentTime: Date | string | null }
      >(
        `select rowguid "Rowguid", kind "Kind", mail_to "MailTo", subject "Subject", order_no "OrderNo", terminal_code "TerminalCode",
                status "Status", queued_time "QueuedTime", sent_time "SentTime", attempts "Attempts", result "Result"
           from mail_queue order by queued_time desc, rowguid limit $1`,
        [limit],
      );
      return rows.map((r) => ({ ...r, QueuedTime: iso(r.QueuedTime) as string, SentTime: iso(r.SentTime) }));
    },
  };
}
export type MailQueueRepository = ReturnType<typeof createMailQueueRepository>;
