import { describe, expect, it } from 'vitest';
import { bodyHtml, hasUnsupportedFormatting, isAllowedLink, normalizeLink } from './richText.ts';

describe('announcement body links', () => {
  it('keeps http, https and mailto addresses as written', () => {
    expect(normalizeLink('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(normalizeLink(' http://10.0.0.8:8080/x ')).toBe('http://10.0.0.8:8080/x');
    expect(normalizeLink('mailto:cg@example.com')).toBe('mailto:cg@example.com');
  });

  it('completes a bare host with https:// and an e-mail address with mailto:', () => {
    expect(normalizeLink('www.example.com/notice')).toBe('https://www.example.com/notice');
    expect(normalizeLink('example.com:8443')).toBe('https://example.com:8443');
    expect(normalizeLink('cg@example.com')).toBe('mailto:cg@example.com');
  });

  it('refuses other schemes, relative paths and words', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:msgbox',
      'ftp://example.com',
      '/purchase/record',
      '//evil.example.com',
      'https://',
      'mailto:nobody',
      '采购 平台',
      '',
    ])
      expect(normalizeLink(bad), bad).toBeNull();
  });

  it('tells which hrefs may stay', () => {
    expect(isAllowedLink('HTTPS://example.com')).toBe(true);
    expect(isAllowedLink('mailto:a@b.cn')).toBe(true);
    expect(isAllowedLink('javascript:void(0)')).toBe(false);
    expect(isAllowedLink('example.com')).toBe(false);
  });
});

describe('bodyHtml', () => {
  it('turns plain text into paragraphs and keeps markup as written', () => {
    expect(bodyHtml('第一段\n第二行\n\n1 < 2 & 3 > 2')).toBe('<p>第一段<br>第二行</p><p>1 &lt; 2 &amp; 3 &gt; 2</p>');
    expect(bodyHtml('<p><strong>已是HTML</strong></p>')).toBe('<p><strong>已是HTML</strong></p>');
    expect(bodyHtml('   ')).toBe('');
  });
});

describe('hasUnsupportedFormatting', () => {
  it('tells images, tables and inline styles (which the editor drops) from what it keeps', () => {
    expect(hasUnsupportedFormatting('<p>图<img src="https://example.com/a.png"></p>')).toBe(true);
    expect(hasUnsupportedFormatting('<table><tr><td>1</td></tr></table>')).toBe(true);
    expect(hasUnsupportedFormatting('<p style="text-align:center">居中</p>')).toBe(true);
    expect(hasUnsupportedFormatting('<h2>标题</h2><p><strong>粗</strong> style=文字</p><ul><li>项</li></ul>')).toBe(
      false,
    );
    expect(hasUnsupportedFormatting('纯文本')).toBe(false);
  });
});
