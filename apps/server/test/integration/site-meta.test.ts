import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Spec 03 §2.4 main config: applied to the served index.html without a rebuild, every value escaped.
let t: TestApp;
let admin: string;
const dist = mkdtempSync(join(tmpdir(), 'sp-web-'));

beforeAll(async () => {
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="vi"><head><meta charset="UTF-8" /><meta name="description" content="build" /><title>SmartPort</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ config: { webDist: dist }, jobs: { start: false } });
  admin = await t.login('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url = '/') => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, html: res.body, type: String(res.headers['content-type']) };
};

describe('the served index.html carries the main config', () => {
  it('is the build as it is while nothing is configured', async () => {
    const { html, type } = await page('/login');
    expect(type).toContain('text/html');
    expect(html).toContain('<title>SmartPort</title>');
    expect(html).toContain('content="build"');
  });

  it('takes the title, keywords, description, image, analytics ids and app id at once, escaped', async () => {
    const saved = await t.call(
      calls.siteConfig.saveMainConfig,
      {
        SMP_TITLE: 'Cảng "Số 1" <script>alert(1)</script>',
        SMP_KEYWORD: 'cảng, container',
        SMP_DESCRIPTION: 'Mô tả & "trích dẫn"',
        SMP_IMG_URL: 'https://cang.vn/anh.png?a=1&b=2',
        SMP_UAID: 'G-XYZ123',
        SMP_UA_PROPERTY: '987',
        SMP_FBID: '1234567890',
      },
      admin,
    );
    expect(saved.body.success).toBe(true);
    for (const url of ['/', '/config/main_config', '/index.html']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html).toContain('<title>Cảng &quot;Số 1&quot; &lt;script&gt;alert(1)&lt;/script&gt;</title>');
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('<meta name="keywords" content="cảng, container" />');
      expect(html).toContain('<meta name="description" content="Mô tả &amp; &quot;trích dẫn&quot;" />');
      expect(html).not.toContain('content="build"');
      expect(html).toContain('<meta property="og:image" content="https://cang.vn/anh.png?a=1&amp;b=2" />');
      expect(html).toContain('<meta name="google-analytics" content="G-XYZ123" />');
      expect(html).toContain('<meta property="fb:app_id" content="1234567890" />');
    }
  });
});

describe('any characters in the main config stay text in the head', () => {
  it("[reliability: head-text] keeps $&, $`, $', </title>, quotes and <script> as escaped text, the head whole", async () => {
    const hostile = "Cảng $& $` $' $$ $1 </title><script>alert('x')</script> \"q\" 'a'";
    const saved = await t.call(
      calls.siteConfig.saveMainConfig,
      { SMP_TITLE: hostile, SMP_DESCRIPTION: `Mô tả ${hostile}`, SMP_KEYWORD: "$'$`$&" },
      admin,
    );
    expect(saved.body.success).toBe(true);
    const { status, html } = await page('/');
    expect(status).toBe(200);
    const escaped = 'Cảng $&amp; $` $&#39; $$ $1 &lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;q&quot; &#39;a&#39;';
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta name="description" content="Mô tả ${escaped}" />`);
    expect(html).toContain(`<meta name="keywords" content="$&#39;$\`$&amp;" />`);
    // One head, one title, one body: nothing of the page was copied into it by a replacement pattern.
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>');
    expect(html.endsWith('<body><div id="root"></div></body></html>')).toBe(true);
  });
});
