import { createSmtpMailSender } from '../../adapters/mail/mail.adapter';
import type { Module, ModuleContext } from '../../kernel/module';
import type { TerminalConfigService } from '../admin/terminal-config.service';
import { mailHandlers } from './mail.routes';
import { createMailService } from './mail.service';
import { mailOrdersJob } from './mail-orders.job';
import { createMailOrdersRepository } from './mail-orders.repository';
import { createMailOrdersService } from './mail-orders.service';
import { reportMailJob } from './report-mail.job';
import { createReportMailRepository } from './report-mail.repository';
import { createReportMailService } from './report-mail.service';

/**
 * Outgoing mail with the sender-mail settings, or a terminal's own mail server for mail about its orders (spec 03
 * §2.4, §2.5); the report mail and its job; the mail orders (grid, job) that hear of approved orders.
 */
export function mailModule(ctx: ModuleContext, deps: { terminalConfig: Pick<TerminalConfigService, 'mailConnection'> }) {
  const { database, settingsForms, log } = ctx;
  const mail = createMailService({
    forms: settingsForms,
    sender: createSmtpMailSender(),
    terminalMail: (t) => deps.terminalConfig.mailConnection(t),
  });
  const reportMail = createReportMailService({ repo: createReportMailRepository(database), forms: settingsForms, mail });
  const mailOrders = createMailOrdersService({
    repo: createMailOrdersRepository(database),
    mail,
    log: { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m) },
  });
  // Mail-order rules on DL (approved) hear of every approved order.
  ctx.events.onAfterCommit('order.approved', 'mail.orders-approved', async (e) => {
    await mailOrders.orderReached(e.orderNo, 'DL');
  });
  return {
    services: { mail, reportMail, mailOrders },
    handlers: { mail: mailHandlers(ctx.grid, settingsForms, reportMail) },
    jobs: [reportMailJob(reportMail, log), mailOrdersJob(mailOrders, log)],
  } satisfies Module<unknown>;
}
