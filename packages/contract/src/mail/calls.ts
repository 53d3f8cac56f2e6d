import { gridCallTable } from '../grid/resource';
import { callsOf } from '../settings-form/settings-form';
import { mailOrderGrid } from './mail-orders';
import { mailQueueGrid } from './mail-queue';
import { mailReportSendNow, reportMail } from './report-mail';
import { senderMail } from './sender-mail';

/** The mail-order grid and the mail record (read only): the server derives their handlers from this list. */
export const mailGrids = [mailOrderGrid, mailQueueGrid] as const;

/** `calls.mail`: the mail-order grid, the mail record, the sender and report mail forms, the report mail's send-now. */
export const mailCalls = { ...gridCallTable(...mailGrids), ...callsOf([senderMail, reportMail]), mailReportSendNow } as const;
