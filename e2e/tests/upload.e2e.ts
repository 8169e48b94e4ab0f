import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newUserPage, screenshot } from '../support/browser.ts';
import { pdfFile } from '../support/files.ts';
import { openSiderMenu } from '../support/menu.ts';
import { serverUnderTest } from '../support/target.ts';
import { signInWithForm } from './shell-support.ts';

const { baseUrl } = serverUnderTest();
const DEMO_PATH = '/demo/upload';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
  expect(pageErrors).toEqual([]);
});

function watchErrors(p: Page) {
  pageErrors = [];
  p.on('pageerror', (error) => pageErrors.push(error.message));
  p.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) pageErrors.push(msg.text());
  });
}

/** Signs admin in and opens 示例页面 → 文件上传 from the side menu, as a user would. */
async function openDemo() {
  ({ context, page } = await newUserPage(browser, baseUrl));
  watchErrors(page);
  await page.goto('/user/login');
  await signInWithForm(page, 'admin');
  await page.waitForURL('**/dashboard/analysis');
  await openSiderMenu(page, '示例页面', '文件上传', DEMO_PATH);
  await field('图片上传').waitFor();
}

const field = (label: string) => page.getByRole('region', { name: label });
const input = (label: string) => field(label).locator('input[type=file]');
const SECRET_WARNING = '本平台为非涉密平台，严禁处理、存储、传输国家秘密信息，请确认上传文件不涉及国家秘密！';
const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true });
const dialog = () => page.getByRole('dialog');
/** A button by its text (an icon adds a word to the accessible name). */
const button = (text: string) => page.getByRole('button').filter({ hasText: new RegExp(`^${text}$`) });
const fieldValue = async (label: string) =>
  (
    await page
      .locator('.ant-card')
      .filter({ has: field(label) })
      .getByTestId('upload-value')
      .textContent()
  )?.trim() ?? '';

/** A real PNG picture of the page's own corner (Chromium encodes it), so the preview shows an actual image. */
async function realPng(): Promise<Buffer> {
  return page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
}

describe('上传组件 demo page', () => {
  it('uploads a good image (listed, previewed, reordered), refuses a too-big image and a renamed .html', async () => {
    await openDemo();
    await screenshot(page, 'upload-demo');
    const png = await realPng();

    // A good image: the classified-information warning first, then 上传成功!, a card with its picture, the value.
    await input('图片上传').setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: png });
    await toast(SECRET_WARNING).waitFor();
    await toast('现场照片.png 上传成功!').waitFor();
    const card = field('图片上传').getByRole('figure', { name: '现场照片.png' });
    await expect.poll(() => card.locator('img').getAttribute('src')).toMatch(/^blob:/);
    expect(await fieldValue('图片上传')).toMatch(/^temp\/\d{8}\/[0-9a-f-]{36}\.png$/);

    // Preview in the modal, from the served bytes.
    await card.hover();
    await card.getByRole('button', { name: '预览' }).click();
    await dialog().getByText('现场照片.png').waitFor();
    const previewImage = dialog().locator('img');
    await expect.poll(() => previewImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await screenshot(page, 'upload-image-preview', page.locator('.ant-modal'));
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });

    // Too big (10485761 bytes): refused in the browser with the §5 message, nothing uploaded.
    const big = Buffer.alloc(10_485_761);
    png.copy(big);
    await input('图片上传').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await toast('图片大小超出10MB限制, 请压缩或降低文件质量!').waitFor();
    // Not an image at all, and another image type.
    await input('图片上传').setInputFiles({ name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('文字') });
    await toast('请上传图片').waitFor();
    await input('图片上传').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await toast('请上传jpeg、jpg、png类型的图片').waitFor();
    expect(await field('图片上传').getByRole('figure').count()).toBe(1);

    // A web page renamed to .png passes the browser's checks; the server reads its content and refuses it.
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
    await input('图片上传').setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: html });
    await toast('evil.png 上传失败.').waitFor();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '上传出错' });
    await notice.getByText('错误信息：不允许上传网页或脚本文件（文件内容为 HTML/脚本）').waitFor();
    await field('图片上传').getByRole('figure', { name: 'evil.png' }).waitFor();
    await screenshot(page, 'upload-refused-html');
    // The refused file is not part of the value.
    expect((await fieldValue('图片上传')).split(',')).toHaveLength(1);
    await field('图片上传').getByRole('figure', { name: 'evil.png' }).getByRole('button', { name: '删除' }).click();

    // A second image, then the reorder rules: first earlier → 未知的操作, last later → 已到最后~, else swap.
    await input('图片上传').setInputFiles({ name: '第二张.png', mimeType: 'image/png', buffer: png });
    await toast('第二张.png 上传成功!').waitFor();
    const names = () =>
      field('图片上传')
        .getByRole('figure')
        .evaluateAll((els) => els.map((e) => e.ariaLabel));
    await expect.poll(names).toEqual(['现场照片.png', '第二张.png']);
    const first = field('图片上传').getByRole('figure').first();
    await first.hover();
    await first.getByRole('button', { name: '前移' }).click();
    await toast('未知的操作').waitFor();
    const last = field('图片上传').getByRole('figure').last();
    await last.hover();
    await last.getByRole('button', { name: '后移' }).click();
    await toast('已到最后~').waitFor();
    const valueBefore = (await fieldValue('图片上传')).split(',');
    await first.hover();
    await first.getByRole('button', { name: '后移' }).click();
    await expect.poll(names).toEqual(['第二张.png', '现场照片.png']);
    await expect.poll(async () => (await fieldValue('图片上传')).split(',')).toEqual([valueBefore[1], valueBefore[0]]);
    await screenshot(page, 'upload-images');
  });

  it('uploads a PDF and previews it; the pdf field refuses other files', async () => {
    await openDemo();
    await input('PDF上传').setInputFiles({
      name: '采购合同.docx',
      mimeType: 'application/msword',
      buffer: Buffer.from('x'),
    });
    await toast('请上传pdf文件').waitFor();

    await input('PDF上传').setInputFiles({ name: '采购合同.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
    await toast('采购合同.pdf 上传成功!').waitFor();
    const row = field('PDF上传').getByRole('listitem', { name: '采购合同.pdf' });
    await row.getByRole('button', { name: '预览' }).click();
    await dialog().getByText('采购合同.pdf').waitFor();
    const frame = dialog().locator('iframe');
    await expect.poll(() => frame.getAttribute('src')).toMatch(/^blob:/);
    expect(await frame.getAttribute('title')).toBe('采购合同.pdf');
    await expect.poll(async () => (await page.locator('.ant-modal').boundingBox())?.width).toBe(960);
    // Chromium's own PDF viewer draws the page inside the frame; the 5 s warning is gone by then.
    await toast(SECRET_WARNING).waitFor({ state: 'hidden', timeout: 8000 });
    await screenshot(page, 'upload-pdf-preview', page.locator('.ant-modal'));
    await page.keyboard.press('Escape');

    // The pdf field holds one file: a second upload replaces the first.
    const firstValue = await fieldValue('PDF上传');
    await input('PDF上传').setInputFiles({ name: '补充协议.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
    await toast('补充协议.pdf 上传成功!').waitFor();
    await expect.poll(() => field('PDF上传').getByRole('listitem').count()).toBe(1);
    await expect.poll(() => fieldValue('PDF上传')).not.toBe(firstValue);
  });

  it('keeps the last 3 files of the file field, and the popup refuses to confirm with nothing uploaded', async () => {
    await openDemo();
    const files = ['一.txt', '二.txt', '三.txt', '四.txt'].map((name) => ({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from(`内容 ${name}`),
    }));
    await input('文件上传').setInputFiles(files);
    await toast('四.txt 上传成功!').waitFor();
    await expect
      .poll(() =>
        field('文件上传')
          .getByRole('listitem')
          .evaluateAll((els) => els.map((e) => e.ariaLabel)),
      )
      .toEqual(['二.txt', '三.txt', '四.txt']);
    await expect.poll(async () => (await fieldValue('文件上传')).split(',').length).toBe(3);

    // The popup: 文件上传, 520 wide; 确定 with no file → 未上传任何文件.
    await button('文件上传').click();
    await dialog().getByText('文件上传', { exact: true }).waitFor();
    await expect.poll(async () => (await page.locator('.ant-modal').boundingBox())?.width).toBe(520);
    await dialog().getByRole('button', { name: '确定' }).click();
    await toast('未上传任何文件').waitFor();
    await dialog().locator('input[type=file]').setInputFiles({
      name: '报价单.pdf',
      mimeType: 'application/pdf',
      buffer: pdfFile(),
    });
    await toast('报价单.pdf 上传成功!').waitFor();
    await page.mouse.move(0, 0);
    await toast(SECRET_WARNING).waitFor({ state: 'hidden', timeout: 8000 });
    await screenshot(page, 'upload-popup', page.locator('.ant-modal'));
    await dialog().getByRole('button', { name: '确定' }).click();
    await dialog().waitFor({ state: 'hidden' });
    await page.locator('.ant-list-item').filter({ hasText: '报价单.pdf' }).waitFor();

    // The image popup is titled 图片上传.
    await button('图片上传').click();
    await dialog().getByText('图片上传', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
  });
});
