import { expect, type Page } from '@playwright/test';
import { helpDocs } from '@smartport/contract';
import { type DemoUser, openMenu, signIn } from '../fixtures/portal';
import { test as base } from '../fixtures/server';
import { chromiumArgs } from '../playwright.config';

/**
 * The help PDFs open in the browser's own PDF viewer, which the headless shell the other specs run in does not have (it
 * downloads them): these tests run in the full browser, on the same worker's product server.
 */
const test = base.extend({
  context: async ({ playwright, baseURL, viewport, locale, timezoneId, reducedMotion }, use) => {
    const browser = await playwright.chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
    const context = await browser.newContext({ baseURL, viewport, locale, timezoneId, reducedMotion });
    await use(context);
    await browser.close();
  },
});

/** The help screen opens its PDF in a new tab; returns that tab once it has loaded the PDF. */
async function openHelpFromMenu(page: Page, entry: 'Câu hỏi thường gặp' | 'Hướng dẫn sử dụng') {
  const popup = page.waitForEvent('popup');
  await openMenu(page, 'Hỗ trợ', entry);
  return popup;
}

/** The PDF as the server sends it: a real PDF, served with the PDF content type. */
async function expectServedPdf(page: Page, path: string) {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

async function startOnProfile(page: Page, who: DemoUser) {
  await signIn(page, who, '/Personal/Profile');
  await expect(page).toHaveURL(/\/Personal\/Profile$/);
  await expect(page.getByText('Thông tin tài khoản').first()).toBeVisible();
}

test.describe('help screens (spec 03 §2.2)', () => {
  test('a customer gets the customer guide and is taken back to the page they came from', async ({ page }) => {
    await startOnProfile(page, 'khachhang');
    const tab = await openHelpFromMenu(page, 'Hướng dẫn sử dụng');
    await expect(tab).toHaveURL(new RegExp(`${helpDocs.customerGuide}$`));
    await expect(page).toHaveURL(/\/Personal\/Profile$/);
    await expect(page.getByText('Đỗ Thị Mai Anh').first()).toBeVisible();
    await expectServedPdf(page, helpDocs.customerGuide);
  });

  test("a shipping-line user (group 'Operation') gets the shipping-line guide", async ({ page }) => {
    await startOnProfile(page, 'hangtau');
    const tab = await openHelpFromMenu(page, 'Hướng dẫn sử dụng');
    await expect(tab).toHaveURL(new RegExp(`${helpDocs.operationGuide}$`));
    await expect(page).toHaveURL(/\/Personal\/Profile$/);
    await expectServedPdf(page, helpDocs.operationGuide);
  });

  test('FAQ opens the Q&A PDF and the app goes back to the home page', async ({ page }) => {
    await signIn(page, 'nhanvien');
    await expect(page).toHaveURL(/\/$/);
    const tab = await openHelpFromMenu(page, 'Câu hỏi thường gặp');
    await expect(tab).toHaveURL(new RegExp(`${helpDocs.faq}$`));
    await expect(page).toHaveURL(/\/$/);
    await expectServedPdf(page, helpDocs.faq);
  });

  test('when the browser blocks the new tab, the PDF opens in place and Back returns to the previous page', async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await startOnProfile(page, 'khachhang');
    const pdf = page.waitForResponse((r) => r.url().endsWith(helpDocs.faq));
    await openMenu(page, 'Hỗ trợ', 'Câu hỏi thường gặp');
    const response = await pdf;
    expect(response.headers()['content-type']).toBe('application/pdf');
    await expect(page).toHaveURL(new RegExp(`${helpDocs.faq}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/Personal\/Profile$/);
    await expect(page.getByText('Đỗ Thị Mai Anh').first()).toBeVisible();
  });

  test('the customs advice PDF is served for the scan screens', async ({ page }) => {
    await expectServedPdf(page, helpDocs.customsAdvice);
  });
});
