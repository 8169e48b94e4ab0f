import { UPLOAD_MESSAGES } from '@aps/shared';
import { describe, expect, it } from 'vitest';
import { HTML_PAGE, JPEG_HEAD, LINUX_ELF, PDF_MIN, PNG_1PX, WINDOWS_EXE } from '../../../../test/upload-fixtures.ts';
import { extensionOf, inspectContent } from './sniff.ts';

const text = (s: string) => Buffer.from(s, 'utf8');
const utf16 = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);

describe('inspectContent: the type comes from the bytes', () => {
  it.each([
    ['photo.png', PNG_1PX, 'image/png', 'png', true],
    ['照片.JPG', JPEG_HEAD, 'image/jpeg', 'jpg', true],
    ['合同.pdf', PDF_MIN, 'application/pdf', 'pdf', false],
    ['名单.csv', text('姓名,电话\n张三,13800000000\n'), 'text/plain; charset=utf-8', 'csv', false],
    ['说明', text('纯文本，没有扩展名'), 'text/plain; charset=utf-8', null, false],
    ['data.bin', Buffer.from([0x00, 0x01, 0x02, 0xfe]), 'application/octet-stream', 'bin', false],
    // The browser-claimed name does not decide: a real PNG called .dat is stored as a PNG.
    ['scan.dat', PNG_1PX, 'image/png', 'png', true],
  ])('%s → %s', async (name, content, mime, ext, isImage) => {
    expect(await inspectContent(content, name)).toEqual({ ok: true, mime, ext, isImage });
  });

  it.each([
    ['page.png', HTML_PAGE, UPLOAD_MESSAGES.htmlRefused],
    ['page.html', HTML_PAGE, UPLOAD_MESSAGES.htmlRefused],
    ['page.txt', HTML_PAGE, UPLOAD_MESSAGES.htmlRefused],
    ['小图.jpg', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), UPLOAD_MESSAGES.htmlRefused],
    [
      'x.xml',
      text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      UPLOAD_MESSAGES.htmlRefused,
    ],
    ['note.txt', text('点击 <a href="javascript:alert(1)">这里</a>'), UPLOAD_MESSAGES.htmlRefused],
    ['utf16.txt', utf16('<html><script>alert(1)</script></html>'), UPLOAD_MESSAGES.htmlRefused],
    ['  <SCRIPT >x</SCRIPT>.txt', text('   <SCRIPT >alert(1)</SCRIPT>'), UPLOAD_MESSAGES.htmlRefused],
    ['setup.png', WINDOWS_EXE, UPLOAD_MESSAGES.executableRefused],
    ['setup.exe', WINDOWS_EXE, UPLOAD_MESSAGES.executableRefused],
    ['tool.pdf', LINUX_ELF, UPLOAD_MESSAGES.executableRefused],
    ['run.txt', text('#!/bin/sh\nrm -rf /\n'), UPLOAD_MESSAGES.executableRefused],
    ['run.bat', text('echo hello'), UPLOAD_MESSAGES.executableRefused],
    ['harmless.svg', text('just words'), UPLOAD_MESSAGES.htmlRefused],
    // A name that promises an image or a PDF must hold one.
    ['fake.png', text('not an image'), UPLOAD_MESSAGES.mismatch],
    ['fake.jpeg', PNG_1PX, UPLOAD_MESSAGES.mismatch],
    ['fake.pdf', PNG_1PX, UPLOAD_MESSAGES.mismatch],
    ['empty.png', Buffer.alloc(0), UPLOAD_MESSAGES.emptyFile],
  ])('%s is refused', async (name, content, message) => {
    expect(await inspectContent(content, name)).toEqual({ ok: false, message });
  });

  it('extensionOf reads the last extension of the last segment', () => {
    expect(extensionOf('a/b/c.Tar.GZ')).toBe('gz');
    expect(extensionOf('..\\x.PNG')).toBe('png');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('noext')).toBe('');
  });
});
