import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml } from './sanitize.ts';

describe('sanitizeAnnouncementHtml', () => {
  it('keeps everything the body editor’s toolbar writes', () => {
    // As Tiptap (the web's body editor) serialises headings, marks, lists, quotes, links and hard breaks.
    const html = [
      '<h1>一级标题</h1><h2>二级</h2><h3>三级</h3><h4>四级</h4>',
      '<p><strong>加粗</strong><em>斜体</em><u>下划线</u><s>删除线</s>第一行<br>第二行</p>',
      '<ul><li><p>无序一</p></li><li><p>无序二</p></li></ul>',
      '<ol><li><p>有序一</p></li></ol>',
      '<blockquote><p>引用</p></blockquote>',
      '<p><a href="mailto:cg@example.com">邮件</a></p>',
    ].join('');
    // sanitize-html writes void elements self-closed.
    expect(sanitizeAnnouncementHtml(html)).toBe(html.replace('<br>', '<br />'));
    // Its links open a new tab: they keep the address and cannot reach back into the platform's window.
    expect(
      sanitizeAnnouncementHtml(
        '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">链接</a></p>',
      ),
    ).toBe('<p><a target="_blank" rel="noopener noreferrer" href="https://example.com/a?b=1&amp;c=2">链接</a></p>');
  });

  it('removes scripts, style sheets, event handlers and links other than http, https and mailto', () => {
    const out = sanitizeAnnouncementHtml(
      [
        '<p onclick="alert(1)" onmouseover="alert(2)">正文</p>',
        '<script>alert(3)</script><style>body{display:none}</style>',
        '<a href="javascript:alert(4)">js</a><a href="JaVaScRiPt:alert(5)">js2</a>',
        '<a href="data:text/html;base64,PHNjcmlwdD4=">data</a><a href="vbscript:msgbox(6)">vb</a>',
        '<a href="//evil.example.com">相对协议</a><a href="ftp://example.com">ftp</a>',
        '<img src="x" onerror="alert(7)"><iframe src="https://evil.example.com"></iframe>',
        '<svg onload="alert(8)"></svg><form action="https://evil.example.com"><input name="p"></form>',
      ].join(''),
    );
    expect(out).not.toMatch(/script|style|on(click|mouseover|error|load)|javascript:|data:|iframe|svg|form|input/i);
    expect(out).not.toMatch(/href="(\/\/|ftp:)/);
    expect(out).toContain('<p>正文</p>');
    expect(out).toContain('<a>js</a>');
  });

  it('keeps only the listed inline styles', () => {
    expect(sanitizeAnnouncementHtml('<p style="text-align:center;position:fixed;color:red">居中</p>')).toBe(
      '<p style="text-align:center;color:red">居中</p>',
    );
    expect(sanitizeAnnouncementHtml('<p style="background-image:url(javascript:alert(1))">x</p>')).toBe('<p>x</p>');
  });
});
