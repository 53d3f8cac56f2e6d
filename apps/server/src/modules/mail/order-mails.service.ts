import { isMailAddress } from '@smartport/contract';
import type { NewMail } from './mail-queue.repository';
import { type MailQueueService, QR_CID } from './mail-queue.service';
import { factRef, type MailedOrderFacts, type PayerMailFact, payerMail } from './order-mails';
import type { OrderMailsRepository } from './order-mails.repository';

interface Recipient {
  /** Who, in the mail's key: one mail per fact and recipient. */
  key: string;
  address: string | null;
  /** Why nobody can be mailed when the address is missing. */
  missing: string;
}

/** The payer customer (its address of record) and the person who created the order. */
function recipientsOf(o: MailedOrderFacts): Recipient[] {
  return [
    { key: `customer:${o.CustomerCode}`, address: o.CustomerEmail, missing: `Khách hàng ${o.CustomerCode} chưa có địa chỉ mail` },
    ...(o.CreatedBy
      ? [{ key: `user:${o.CreatedBy}`, address: o.CreatorEmail, missing: `Người tạo lệnh ${o.CreatedBy} chưa có địa chỉ mail` }]
      : []),
  ];
}

/**
 * The payer's mails: each fact of an order (saved, paid, invoiced, approved, rejected, allocated, completed, extension
 * due) is queued once per recipient — the payer customer and the order's creator, one mail when they share an address;
 * a recipient without a usable address is recorded as skipped with the reason. A replayed fact queues nothing new.
 */
export function createOrderMailsService(deps: {
  repo: OrderMailsRepository;
  queue: Pick<MailQueueService, 'queue' | 'skip'>;
  /** The public order page of an order (its signed link), absolute when the portal knows where it is reached. */
  orderLink: (orderNo: string) => string;
  log?: { warn(o: object, m: string): void };
}) {
  return {
    async tell(orderNo: string, fact: PayerMailFact): Promise<{ queued: number; skipped: number }> {
      const o = await deps.repo.order(orderNo);
      if (!o) {
        deps.log?.warn({ order: orderNo, kind: fact.kind }, 'payer mail: no such order');
        return { queued: 0, skipped: 0 };
      }
      const link = deps.orderLink(fact.kind === 'order.extensionDue' ? fact.extensionOrderNo : orderNo);
      const rendered = payerMail(o, fact, link, QR_CID);
      const ref = factRef(orderNo, fact);
      const seen = new Set<string>();
      let queued = 0;
      let skipped = 0;
      for (const r of recipientsOf(o)) {
        const address = r.address?.trim() ?? '';
        if (address && seen.has(address.toLowerCase())) continue;
        const mail: NewMail = {
          DedupeKey: `${fact.kind}:${ref}:${r.key}`,
          Kind: fact.kind,
          MailTo: address ? [address] : [],
          Subject: rendered.subject,
          Html: rendered.html,
          Body: rendered.text,
          QrText: fact.kind === 'order.saved' ? link : null,
          OrderNo: orderNo,
          TerminalCode: o.TerminalCode,
        };
        if (!address) {
          if (await deps.queue.skip(mail, r.missing)) skipped++;
        } else if (!isMailAddress(address)) {
          if (await deps.queue.skip({ ...mail, MailTo: [] }, `Địa chỉ mail không hợp lệ: ${address}`)) skipped++;
        } else {
          seen.add(address.toLowerCase());
          if (await deps.queue.queue(mail)) queued++;
        }
      }
      return { queued, skipped };
    },
  };
}
