import type { Unavailable } from '../outcome';

/**
 * How to reach a mail server, given with every call: the sender-mail settings (spec 03 §2.4:
 * host, port, TLS, user, password) and the address mail is sent from.
 */
export interface MailConnection {
  host: string;
  port: number;
  /** TLS from the first byte (usually port 465); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  /** Login; absent for a server that takes mail without one. */
  user?: string;
  password?: string;
  from: string;
  /** Refuse a server certificate that does not verify (default true; spec's tls.rejectUnauthorized). */
  rejectUnauthorized?: boolean;
}

export interface MailMessage {
  to: string[];
  cc?: string[];
  subject: string;
  html?: string;
  text?: string;
  /**
   * Files sent with the message (the report mail's Excel workbook); one with a `cid` is shown inside the HTML where it
   * says `<img src="cid:…">` (an order's QR).
   */
  attachments?: { filename: string; content: Buffer; contentType?: string; cid?: string }[];
}

export type MailFailure = {
  ok: false;
  failure:
    | Unavailable
    /** The server refused the login. */
    | 'login_refused'
    /** The server refused every recipient (or the sender). */
    | 'recipients_refused';
  /** The server's (or the library's) own words, for 'Không thể gửi mail : {message}' and the log. */
  detail?: string;
};

export type MailSent = { ok: true; messageId: string; accepted: string[]; rejected: string[] };

/** The port: sending mail through an SMTP server. */
export interface MailSender {
  send(conn: MailConnection, message: MailMessage): Promise<MailSent | MailFailure>;
  /** Connects and logs in without sending (checking settings before saving them). */
  verify(conn: MailConnection): Promise<{ ok: true } | MailFailure>;
}
