import { createSmtpMailSender } from '../../adapters/mail/mail.adapter';
import { listeningUrl } from '../../http/listening-url';
import type { Module, ModuleContext } from '../../kernel/module';
import type { TerminalConfigService } from '../admin/terminal-config.service';
import { accountLockedMail } from './account-mails';
import { mailHandlers } from './mail.routes';
import { createMailService } from './mail.service';
import { mailOrdersJob } from './mail-orders.job';
import { createMailOrdersRepository } from './mail-orders.repository';
import { createMailOrdersService } from './mail-orders.service';
import { mailQueueJob } from './mail-queue.job';
import { createMailQueueRepository } from './mail-queue.repository';
import { createMailQueueService } from './mail-queue.service';
import { createOrderMailsRepository } from './order-mails.repository';
import { createOrderMailsService } from './order-mails.service';
import { reportMailJob } from './report-mail.job';
import { createReportMailRepository } from './report-mail.repository';
import { createReportMailService } from './report-mail.service';

/** A TOS time as the events carry it (ISO); now when it does not read. */
const timeOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? new Date() : d;
};

/**
 * Outgoing mail with the sender-mail settings, or a terminal's own mail server for mail about its orders (spec 03
 * §2.4, §2.5); the report mail and its job; the mail queue (its job sends every mail to payers and shipping lines,
 * with retries, and keeps their record); the payer's mails and the mail orders (grid, job), both fed by order events.
 */
export function mailModule(ctx: ModuleContext, deps: { terminalConfig: Pick<TerminalConfigService, 'mailConnection'> }) {
  const { app, config, database, events, settingsForms, log } = ctx;
  const mail = createMailService({
    forms: settingsForms,
    sender: createSmtpMailSender({ outbound: ctx.outbound }),
    terminalMail: (t) => deps.terminalConfig.mailConnection(t),
  });
  const reportMail = createReportMailService({ repo: createReportMailRepository(database), forms: settingsForms, mail });
  const mailQueue = createMailQueueService({ repo: createMailQueueRepository(database), mail, log });
  const mailOrders = createMailOrdersService({
    repo: createMailOrdersRepository(database),
    log: { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m) },
  });
  // The links in a mail are absolute: PUBLIC_URL, else where this instance listens.
  let listening: string | null = null;
  app.addHook('onListen', async () => {
    listening = listeningUrl(app);
  });
  const orderMails = createOrderMailsService({
    repo: createOrderMailsRepository(database),
    queue: mailQueue,
    orderLink: (orderNo) => `${config.publicUrl || listening || ''}/order/${ctx.orderLinks.linkToken(orderNo)}`,
    log,
  });

  // The payer and the order's creator hear of each fact of their order (queued here, sent by 'mail.queue').
  events.onAfterCommit('order.saved', 'mail.payer-saved', async (e) => {
    await orderMails.tell(e.orderNo, { kind: 'order.saved' });
  });
  events.onAfterCommit('order.paid', 'mail.payer-paid', async (e) => {
    await orderMails.tell(e.orderNo, {
      kind: 'order.paid',
      amount: e.amount,
      transactionId: e.transactionId,
      skipApproval: e.skipApproval,
    });
  });
  events.onAfterCommit('invoice.issued', 'mail.payer-invoice', async (e) => {
    await orderMails.tell(e.orderNo, { kind: 'invoice.issued', invoiceNo: e.invoiceNo, pdfUrl: e.pdfUrl ?? null });
  });
  events.onAfterCommit('order.approved', 'mail.payer-approved', async (e) => {
    await orderMails.tell(e.orderNo, { kind: 'order.approved' });
  });
  events.onAfterCommit('order.rejected', 'mail.payer-rejected', async (e) => {
    await orderMails.tell(e.orderNo, { kind: 'order.rejected', reason: e.reason });
  });
  events.onAfterCommit('order.allocated', 'mail.payer-allocated', async (e) => {
    await orderMails.tell(e.orderNo, { kind: 'order.allocated', containerNos: e.containerNos, at: e.at });
  });
  events.onAfterCommit('order.completed', 'mail.payer-completed', async (e) => {
    await orderMails.tell(e.orderNo, { kind: 'order.completed', at: e.at });
  });
  events.onAfterCommit('order.extensionDue', 'mail.payer-extension-due', async (e) => {
    await orderMails.tell(e.orderNo, {
      kind: 'order.extensionDue',
      extensionOrderNo: e.extensionOrderNo,
      containerNos: e.containerNos,
      amount: e.amount,
    });
  });
  // A user whose account was locked after failed logins hears of it (auth), when the account has an address.
  events.onAfterCommit('account.locked', 'mail.account-locked', async (e) => {
    if (e.email) await mailQueue.queue(accountLockedMail({ ...e, email: e.email }));
  });
  // Mail-order rules of the shipping line: DL on approval, PB on allocation, HT on completion (at the TOS's time).
  events.onAfterCommit('order.approved', 'mail.orders-approved', async (e) => {
    await mailOrders.orderReached(e.orderNo, 'DL');
  });
  events.onAfterCommit('order.allocated', 'mail.orders-allocated', async (e) => {
    await mailOrders.orderReached(e.orderNo, 'PB', timeOf(e.at));
  });
  events.onAfterCommit('order.completed', 'mail.orders-completed', async (e) => {
    await mailOrders.orderReached(e.orderNo, 'HT', timeOf(e.at));
  });
  return {
    services: { mail, reportMail, mailOrders, mailQueue },
    handlers: { mail: mailHandlers(ctx.grid, settingsForms, reportMail, mailQueue) },
    jobs: [reportMailJob(reportMail, log), mailOrdersJob(mailOrders, log), mailQueueJob(mailQueue, log)],
  } satisfies Module<unknown>;
}
