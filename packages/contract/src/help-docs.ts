/**
 * The help PDFs the web build publishes (sources in docs/help/*.md, rendered by apps/web/tools/help-pdfs.ts).
 * Paths are served as static files next to the SPA.
 */
export const helpDocs = {
  /** Câu hỏi thường gặp (spec 03 §2.2, FAQ screen). */
  faq: '/docs/smartport-hoi-dap.pdf',
  /** Hướng dẫn sử dụng cho khách hàng (any non-empty group without 'Operation'). */
  customerGuide: '/docs/smartport-huong-dan-khach-hang.pdf',
  /** Hướng dẫn sử dụng cho hãng tàu (group code containing 'Operation'). */
  operationGuide: '/docs/smartport-huong-dan-hang-tau.pdf',
  /** Advice for unsuccessful customs release scans (spec 01 §2, side note of the 367 scan screens; they link this path). */
  customsAdvice: '/docs/huong-dan-thong-quan.pdf',
} as const;

export type HelpDoc = keyof typeof helpDocs;

/**
 * The user guide for a user group (spec 03 §2.2 and §6): a group code containing 'Operation' gets the
 * shipping-line guide, any other non-empty group the customer guide, no group no guide.
 */
export function userGuideFor(userGroupCode: string | null | undefined): string | null {
  const code = userGroupCode?.trim();
  if (!code) return null;
  return code.includes('Operation') ? helpDocs.operationGuide : helpDocs.customerGuide;
}
