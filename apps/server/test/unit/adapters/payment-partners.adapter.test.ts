import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildVietQr } from '@smartport/contract';
import {
  bankPageSimulator,
  cardSimulator,
  demoNapasSecret,
  demoVietQrSecret,
  einvoiceSimulator,
  type RunningSimulator,
  startSimulator,
  vietQrAccount,
  vietQrSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpBankPageGateway } from '../../../src/adapters/bank-page/bank-page.adapter';
import { createHttpCardGateway } from '../../../src/adapters/card/card.adapter';
import { createHttpEinvoiceProvider } from '../../../src/adapters/einvoice/einvoice.adapter';
import type { InvoiceRequest } from '../../../src/adapters/einvoice/einvoice.port';
import { createHttpVietQrBank } from '../../../src/adapters/vietqr/vietqr.adapter';

// The payment partners' adapters against their simulators over real HTTP: the partners' codes become the port's outcomes.
const sims: Record<string, RunningSimulator> = {};
let liar: Server;
let liarUrl: string;
const T = 400;
const knobs = (name: string, body: Record<string, unknown>) =>
  fetch(`${sims[name]?.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const card = { amount: 250_000, cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };
let seq = 0;
const ref = () => `MB:TEST${Date.now()}${seq++}`;

beforeAll(async () => {
  for (const def of [cardSimulator, bankPageSimulator, vietQrSimulator, einvoiceSimulator]) sims[def.name] = await startSimulator(def, 0);
  // A partner that answers 200 with bodies of the wrong shape.
  liar = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ isExpireDate: 'yes', transferId: 7, status: 'SUCCESS', data: null, series: '' }));
  });
  await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
  liarUrl = `http://127.0.0.1:${(liar.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of Object.values(sims)) await s.close();
  liar.closeAllConnections();
  await new Promise<void>((resolve) => liar.close(() => resolve()));
});
beforeEach(async () => {
  for (const name of Object.keys(sims)) await knobs(name, { reset: true });
});

describe('card adapter', () => {
  const gw = () => createHttpCardGateway({ baseUrl: sims.card?.url, timeoutMs: T });

  it('checks the BIN, starts a transfer and confirms it', async () => {
    expect(await gw().checkCard('970418')).toEqual({ ok: true, value: { isExpireDate: false } });
    const merchantRef = ref();
    expect(await gw().startTransfer({ merchantRef, ...card })).toEqual({ ok: true, otpLength: 6 });
    const paid = await gw().confirm(merchantRef, '123456');
    expect(paid).toMatchObject({ ok: true, amount: card.amount, transactionId: expect.stringMatching(/^MB/) });
  });

  it('maps the gateway codes: CARD_DECLINED → declined, OTP_WRONG → wrong_otp with tries left, FAILED → transfer_failed', async () => {
    expect(await gw().startTransfer({ merchantRef: ref(), ...card, cardNumber: '9704180000000000' })).toEqual({
      ok: false,
      failure: 'declined',
      detail: 'Thẻ không hợp lệ hoặc bị từ chối',
    });
    const merchantRef = ref();
    await gw().startTransfer({ merchantRef, ...card });
    expect(await gw().confirm(merchantRef, '000001')).toEqual({ ok: false, failure: 'wrong_otp', attemptsLeft: 2 });
    expect(await gw().confirm(merchantRef, '000002')).toEqual({ ok: false, failure: 'wrong_otp', attemptsLeft: 1 });
    expect(await gw().confirm(merchantRef, '000003')).toEqual({ ok: false, failure: 'transfer_failed' });
    expect(await gw().confirm(merchantRef, '123456')).toEqual({ ok: false, failure: 'transfer_failed' });
    // A reference the gateway does not know is a refusal with its words.
    expect(await gw().confirm('MB:UNKNOWN', '123456')).toEqual({ ok: false, failure: 'refused', detail: 'Không có giao dịch' });
  });

  it('turns a slow gateway into timeout, a wrong-shaped answer into malformed, no address into not_configured', async () => {
    await knobs('card', { latencyMs: 1000 });
    expect(await gw().checkCard('411111')).toEqual({ ok: false, failure: 'timeout' });
    const lying = createHttpCardGateway({ baseUrl: liarUrl, timeoutMs: T });
    expect(await lying.checkCard('411111')).toEqual({ ok: false, failure: 'malformed' });
    expect(await lying.startTransfer({ merchantRef: ref(), ...card })).toEqual({ ok: false, failure: 'malformed' });
    expect(await lying.confirm('x', '1')).toEqual({ ok: false, failure: 'malformed' });
    expect(await createHttpCardGateway({ baseUrl: undefined }).checkCard('411111')).toEqual({ ok: false, failure: 'not_configured' });
  });
});

describe('bank-page adapter', () => {
  const gw = (secret = demoNapasSecret) => createHttpBankPageGateway({ baseUrl: sims.napas?.url, secret, timeoutMs: T });
  const pay = (paymentUrl: string, action: string) =>
    fetch(`${paymentUrl}/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action }) });

  it('creates a payment, reads PENDING then SUCCESS as pending then paid, and checks the checksum', async () => {
    const requestId = `R${Date.now()}A`;
    const created = await gw().create({ requestId, orderNo: 'SP-1', amount: 120_000 });
    if (!created.ok) throw new Error(created.failure);
    expect(await gw().status(requestId)).toMatchObject({ ok: true, value: { result: { state: 'pending', requestId } } });
    await pay(created.value.paymentUrl, 'pay');
    const done = await gw().status(requestId);
    if (!done.ok) throw new Error(done.failure);
    expect(done.value.result).toMatchObject({ state: 'paid', requestId, amount: 120_000, transactionId: expect.stringMatching(/^FT/) });
    // The same signed result read again (a notice, the browser) is paid; tampered or under another key it is not.
    expect(gw().read(done.value.signed).state).toBe('paid');
    expect(gw().read({ ...done.value.signed, data: { ...done.value.signed.data, amount: 1 } })).toEqual({ state: 'bad_checksum' });
    expect(await gw('another-secret').status(requestId)).toMatchObject({ ok: true, value: { result: { state: 'bad_checksum' } } });
  });

  it('reads a cancelled payment as cancelled and a wrong checksum from the bank as bad_checksum', async () => {
    const requestId = `R${Date.now()}B`;
    const created = await gw().create({ requestId, orderNo: 'SP-2', amount: 5_000 });
    if (!created.ok) throw new Error(created.failure);
    await pay(created.value.paymentUrl, 'cancel');
    expect(await gw().status(requestId)).toMatchObject({ ok: true, value: { result: { state: 'cancelled', requestId } } });
    await knobs('napas', { wrongChecksum: true });
    expect(await gw().status(requestId)).toMatchObject({ ok: true, value: { result: { state: 'bad_checksum' } } });
  });

  it('says refused for an unknown payment and timeout for a slow bank', async () => {
    expect(await gw().status('NO-SUCH')).toEqual({ ok: false, failure: 'refused', detail: 'Không có giao dịch' });
    await knobs('napas', { latencyMs: 1000 });
    expect(await gw().status('NO-SUCH')).toEqual({ ok: false, failure: 'timeout' });
    expect(await createHttpBankPageGateway({ baseUrl: liarUrl, secret: 'x', timeoutMs: T }).status('A')).toEqual({
      ok: false,
      failure: 'malformed',
    });
  });
});

describe('VietQR adapter', () => {
  const bank = (secret = demoVietQrSecret) => createHttpVietQrBank({ baseUrl: sims.vietqr?.url, secret, timeoutMs: T });

  it('registers the webhook, finds a booked transfer by note and checks a notice signature', async () => {
    expect(await bank().registerWebhook('http://127.0.0.1:9/api/payment/vaqr/mb/notify')).toEqual({ ok: true, value: undefined });
    expect(await bank().registerWebhook('ftp://x')).toMatchObject({ ok: false, failure: 'refused' });
    const note = `SMP TEST${Date.now()}`.slice(0, 16);
    const payload = buildVietQr({ bankBin: vietQrAccount.bankBin, account: vietQrAccount.account, amount: 77_000, note });
    await fetch(`${sims.vietqr?.url}/app/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload }),
    });
    const found = await bank().transfers(note);
    if (!found.ok) throw new Error(found.failure);
    expect(found.value).toHaveLength(1);
    const t = found.value[0] as NonNullable<(typeof found.value)[0]>;
    expect(t).toMatchObject({ amount: 77_000, note, account: vietQrAccount.account });
    const { createHmac } = await import('node:crypto');
    const { canonicalFields } = await import('@smartport/contract');
    const checksum = createHmac('sha256', demoVietQrSecret)
      .update(canonicalFields({ ...t }))
      .digest('hex');
    expect(bank().readNotice({ ...t, checksum })).toEqual({ ok: true, transfer: t });
    expect(bank().readNotice({ ...t, amount: t.amount + 1, checksum })).toEqual({ ok: false, failure: 'bad_checksum' });
    expect(bank('another').readNotice({ ...t, checksum })).toEqual({ ok: false, failure: 'bad_checksum' });
  });

  it('turns a slow bank into timeout', async () => {
    await knobs('vietqr', { latencyMs: 1000 });
    expect(await bank().transfers('SMP X')).toEqual({ ok: false, failure: 'timeout' });
  });
});

describe('e-invoice adapter', () => {
  const provider = () => createHttpEinvoiceProvider({ baseUrl: sims.einvoice?.url, timeoutMs: T });
  const inv: InvoiceRequest = {
    key: `SP-${Date.now()}`,
    issueDate: '2026-11-21',
    paymentMethod: 'CK',
    seller: { name: 'Cảng Nam Đình Vũ', taxCode: '0201776543', address: 'Khu kinh tế Đình Vũ, TP. Hải Phòng' },
    buyer: { name: 'Công ty A & B <XNK>', taxCode: '0101234567', address: 'Số 1 Trần Phú, Hải Phòng', code: 'C0000001' },
    orderNo: 'SP-9',
    pinCode: 'P1',
    billOfLading: null,
    content: 'Thu cước lệnh SP-9',
    lines: [{ no: 1, name: 'Nâng hạ container', unit: 'Container', quantity: 1, unitPrice: 1000, amount: 1000, vatRate: 8, vatAmount: 80 }],
    rates: [{ vatRate: 8, amount: 1000, vatAmount: 80 }],
    totalBeforeTax: 1000,
    totalVat: 80,
    totalPayable: 1080,
    payableInWords: 'Một nghìn không trăm tám mươi đồng',
  };

  it('says invalid, not refused, when the provider refuses the content (no outage)', async () => {
    const r = await provider().issue({ ...inv, key: 'K-invalid', totalPayable: 1081 });
    expect(r).toMatchObject({ ok: false, failure: 'invalid' });
    expect(!r.ok && r.detail).toContain('TgTTTBSo');
  });

  it('issues once per key, with series, number, tax code and the PDF address', async () => {
    const a = await provider().issue(inv);
    if (!a.ok) throw new Error(a.failure);
    expect(a.value).toMatchObject({ series: expect.stringMatching(/^C\d{2}TAA$/), invoiceNo: expect.stringMatching(/^\d{8}$/) });
    expect(a.value.taxAuthorityCode).toMatch(/^M1-/);
    expect(a.value.issuedAt).toBeInstanceOf(Date);
    expect(await provider().issue(inv)).toEqual(a);
    const pdf = provider().pdfUrl({ InvoiceSeries: a.value.series, InvoiceNo: a.value.invoiceNo });
    expect((await fetch(String(pdf))).headers.get('content-type')).toContain('application/pdf');
    expect(createHttpEinvoiceProvider({ baseUrl: undefined }).pdfUrl({ InvoiceSeries: 'C26TAA', InvoiceNo: '1' })).toBeNull();
  });

  it("says refused with the provider's words when it fails, timeout when slow, malformed when the shape is wrong", async () => {
    await knobs('einvoice', { fail: true });
    expect(await provider().issue({ ...inv, key: 'K2' })).toEqual({ ok: false, failure: 'refused', detail: 'Hệ thống hóa đơn đang bận' });
    await knobs('einvoice', { fail: false, latencyMs: 1000 });
    expect(await provider().issue({ ...inv, key: 'K3' })).toEqual({ ok: false, failure: 'timeout' });
    expect(await createHttpEinvoiceProvider({ baseUrl: liarUrl, timeoutMs: T }).issue(inv)).toEqual({ ok: false, failure: 'malformed' });
  });

  it('cancels an issued invoice once (a second cancel is a success), refuses an unknown one, and says when the provider fails', async () => {
    const a = await provider().issue({ ...inv, key: `K-cancel-${Date.now()}` });
    if (!a.ok) throw new Error(a.failure);
    const invoice = { InvoiceSeries: a.value.series, InvoiceNo: a.value.invoiceNo };
    await knobs('einvoice', { failCancel: true });
    expect(await provider().cancel(invoice, 'Hủy lệnh')).toEqual({
      ok: false,
      failure: 'refused',
      detail: 'Hệ thống hóa đơn đang bận, chưa hủy được',
    });
    await knobs('einvoice', { failCancel: false });
    const c = await provider().cancel(invoice, 'Hủy lệnh');
    if (!c.ok) throw new Error(c.failure);
    expect(c.value.cancelledAt).toBeInstanceOf(Date);
    expect(await provider().cancel(invoice, 'Hủy lần hai')).toEqual(c);
    const held = (await (await fetch(`${sims.einvoice?.url}/_knobs/invoices/${invoice.InvoiceSeries}/${invoice.InvoiceNo}`)).json()) as {
      state: string;
      cancelReason: string;
    };
    expect(held).toMatchObject({ state: 'cancelled', cancelReason: 'Hủy lệnh' });
    expect(await provider().cancel({ InvoiceSeries: 'XYZ', InvoiceNo: '1' }, 'x')).toEqual({
      ok: false,
      failure: 'refused',
      detail: 'Không có hóa đơn',
    });
    await knobs('einvoice', { latencyMs: 1000 });
    expect(await provider().cancel(invoice, 'x')).toEqual({ ok: false, failure: 'timeout' });
  });
});
