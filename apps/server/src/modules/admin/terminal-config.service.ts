import {
  type CallRequest,
  type calls,
  firstMissing,
  isBlank,
  terminalConfigMessages as msg,
  SECRET_MASK,
  type TerminalFlags,
  terminalConfigForm,
} from '@smartport/contract';
import type { MailConnection, MailSender } from '../../adapters/mail/mail.port';
import type { PartnerDown } from '../../adapters/outcome';
import type { TerminalOperatingSystem, TosConnection, TosLoginRefused } from '../../adapters/tos/tos.port';
import type { AuthUser } from '../../http/context';
import { badRequest, forbidden } from '../../http/errors';
import { answerAlike, outboundReasons } from '../../security/outbound-policy';
import { assertTerminal, scopeTerminals } from '../../security/terminal-scope';
import type { SettingsFormService } from '../../settings-form/settings-form.service';
import { mailConnectionOf } from '../mail/mail.service';
import type { TerminalConfigRepository } from './terminal-config.repository';

type Values = Record<string, unknown>;
type StoredTos = { host?: unknown; port?: unknown; user?: unknown; pass?: unknown };

/** A stored TOS connection block → the port's connection (null when incomplete). */
function tosConnectionOf(c: StoredTos | undefined): TosConnection | null {
  if (!c) return null;
  const host = String(c.host ?? '').trim();
  const port = Number(c.port);
  const user = String(c.user ?? '');
  const password = String(c.pass ?? '');
  if (!host || !Number.isInteger(port) || !user || !password) return null;
  return { host, port, user, password };
}

/**
 * A test's failure in the portal's short words, for 'Không thể kết nối : {message}' / 'Không thể gửi mail : {message}'
 * (spec 03 §8): refused by policy, time-out, authentication failed, else 'không kết nối được'. Never the other side's
 * words (an HTTP body, a library's error), and a closed port, a server of another kind and a refusing one say the same.
 */
export function testFailureReason(failure: string): string {
  if (failure === 'not_allowed') return outboundReasons.policy;
  if (failure === 'timeout') return outboundReasons.timeout;
  if (failure === 'login_refused') return outboundReasons.authentication;
  if (failure === 'recipients_refused') return 'máy chủ mail từ chối người nhận';
  return outboundReasons.unreachable;
}

export const tosFailureText = (r: TosLoginRefused | PartnerDown) => msg.tosFailed(testFailureReason(r.failure));

/**
 * 'Cấu hình cảng' (spec 03 §2.5), one record per terminal, and what it drives: the terminal's mail
 * server (Test mail, and mail about that terminal's orders), its TOS connections (Test connection,
 * and the connection in use is what the portal reaches the TOS with), and its switches (a new
 * account's start, and the order rules of the orders issue through `flags`).
 */
export function createTerminalConfigService(deps: {
  forms: SettingsFormService;
  repo: TerminalConfigRepository;
  tos: Pick<TerminalOperatingSystem, 'testLogin'>;
  sender: Pick<MailSender, 'send'>;
  /** How long a failed test takes, whatever the failure (config OUTBOUND_TEST_MS). */
  testBudgetMs: number;
}) {
  const form = terminalConfigForm;

  /** The terminal a staff member configures: the one asked for (if theirs), else their first. */
  function terminalOf(user: AuthUser, requested?: string): string {
    if (requested) {
      assertTerminal(user, requested);
      return requested.trim().toUpperCase();
    }
    const [first] = scopeTerminals(user);
    if (!first) throw forbidden('Tài khoản chưa được gán cảng nào.');
    return first;
  }

  const read = (terminal: string) => deps.forms.read(form, terminal);

  async function currentTos(terminal: string): Promise<TosConnection | null> {
    const v = await read(terminal);
    const list = Array.isArray(v.apilist) ? (v.apilist as StoredTos[]) : [];
    return tosConnectionOf(list[Number(v.CurrentApi ?? 0)]);
  }

  return {
    terminalOf,

    get(user: AuthUser, input: CallRequest<typeof calls.admin.getTerminalConfig>) {
      const terminal = terminalOf(user, input.TerminalCode);
      return deps.forms.get(form, terminal).then((r) => ({ ...r, payload: { TerminalCode: terminal, ...(r.payload as object) } }));
    },

    save(user: AuthUser, input: CallRequest<typeof calls.admin.saveTerminalConfig>) {
      const { TerminalCode, ...values } = input;
      return deps.forms.save(form, values, terminalOf(user, TerminalCode));
    },

    /**
     * 'Test mail' (common/testSendMail): the same required checks as Save, then one real mail through
     * the given server. A masked password is the terminal's stored one, only for the stored host, port and user.
     */
    async testMail(user: AuthUser, input: CallRequest<typeof calls.admin.testSendMail>): Promise<{ success: boolean; message: string }> {
      const terminal = terminalOf(user, input.TerminalCode);
      let values: Values = { ...input };
      if (input.pass === SECRET_MASK) values = { ...values, pass: await deps.forms.secretFor(form, 'pass', input, terminal) };
      const missing = firstMissing(form, values);
      if (missing) throw badRequest(missing.message);
      const to = input.to ?? user.Email ?? (String(input.user).includes('@') ? String(input.user) : null);
      if (!to) throw badRequest(msg.testTo);
      const conn = mailConnectionOf(values) as MailConnection;
      const sent = await answerAlike(deps.testBudgetMs, () =>
        deps.sender.send(conn, {
          to: [to],
          subject: input.subject ?? `SmartPort - thử gửi mail (${terminal})`,
          html: input.html ?? `<p>Mail thử từ cấu hình cảng ${terminal}.</p>`,
        }),
      );
      if (sent.ok) return { success: true, message: msg.mailSent };
      return { success: false, message: msg.mailFailed(testFailureReason(sent.failure)) };
    },

    /** 'Test connection' (common/tosTestLogin): a real login; a masked password is the stored one of the same host, port and user. */
    async tosTestLogin(
      user: AuthUser,
      input: CallRequest<typeof calls.admin.tosTestLogin>,
    ): Promise<{ success: boolean; message: string }> {
      const terminal = terminalOf(user, input.TerminalCode);
      const pass = input.pass === SECRET_MASK ? await deps.forms.secretFor(form, 'apilist.*.pass', input, terminal) : input.pass;
      const missing = firstMissing(form, { host: input.host, port: input.port, user: input.user, pass });
      if (missing) throw badRequest(missing.message);
      const r = await answerAlike(deps.testBudgetMs, () =>
        deps.tos.testLogin({ host: String(input.host), port: Number(input.port), user: String(input.user), password: String(pass) }),
      );
      return r.ok ? { success: true, message: msg.tosOk } : { success: false, message: tosFailureText(r) };
    },

    /**
     * The switches of a terminal (what they drive, docs/decisions.md): AutoActiveUser → a new
     * account starts active; ImportPickupAllCont → an import pick-up order takes every container
     * of its bill; DepotSelect → the order screens offer a depot choice; HolydaySelect → storage
     * days in the holiday exemption periods are free; RequireTotp → its administrators and staff sign in with a TOTP
     * second factor (auth module).
     */
    async flags(terminal: string): Promise<TerminalFlags> {
      const v = await read(terminal.trim().toUpperCase());
      return {
        AutoActiveUser: Number(v.AutoActiveUser) === 1,
        ImportPickupAllCont: Number(v.ImportPickupAllCont) === 1,
        DepotSelect: Number(v.DepotSelect) === 1,
        HolydaySelect: Number(v.HolydaySelect) === 1,
        RequireTotp: Number(v.RequireTotp) === 1,
      };
    },

    /** Whether one of these terminals requires a TOTP second factor of its administrators and staff. */
    async totpRequired(terminals: readonly string[]): Promise<boolean> {
      for (const t of terminals) if ((await this.flags(t)).RequireTotp) return true;
      return false;
    },

    /** Whether an account created for these terminals starts active: every one of them auto-activates (none: the default, on). */
    async newAccountActive(terminals: readonly string[]): Promise<boolean> {
      for (const t of terminals) if (!(await this.flags(t)).AutoActiveUser) return false;
      return true;
    },

    /** The terminal's own mail server, when its config has one (host and port set). */
    async mailConnection(terminal: string): Promise<MailConnection | null> {
      const v = await read(terminal.trim().toUpperCase());
      return isBlank(v.host) ? null : mailConnectionOf(v);
    },

    /** The TOS connection in use of one terminal. */
    currentTos,

    /**
     * The connection the portal reaches the TOS with (connection check, TOS order feed): the one in
     * use of the first terminal, in code order, whose config has one. One TOS serves every terminal's
     * feed in this deployment (docs/decisions.md).
     */
    async portalTos(): Promise<TosConnection | null> {
      for (const terminal of await deps.repo.terminalCodes()) {
        const conn = await currentTos(terminal);
        if (conn) return conn;
      }
      return null;
    },

    /** Demo start: every terminal without a config gets `conn` as its one TOS connection, in use (no mail server, switches at their defaults). */
    async seedTos(conn: TosConnection): Promise<number> {
      let seeded = 0;
      for (const terminal of await deps.repo.terminalCodes()) {
        const item = { host: conn.host, port: conn.port, user: conn.user, pass: conn.password };
        if (await deps.forms.seedIfAbsent(form, { ...form.defaults, apilist: [item], CurrentApi: 0 }, terminal)) seeded++;
      }
      return seeded;
    },
  };
}

export type TerminalConfigService = ReturnType<typeof createTerminalConfigService>;
