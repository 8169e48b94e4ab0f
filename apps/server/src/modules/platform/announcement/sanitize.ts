import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

const require = createRequire(import.meta.url);
let sanitizeHtml: typeof SanitizeHtml | undefined;

/**
 * sanitize-html (with htmlparser2 and postcss, ~2 MB resident) is loaded by the first announcement shown or saved,
 * not at start. It is CommonJS, so a synchronous require keeps the sanitiser a plain function for the row mappers.
 */
const sanitizer = (): typeof SanitizeHtml => (sanitizeHtml ??= require('sanitize-html') as typeof SanitizeHtml);

/**
 * The HTML an announcement body may keep: the formatting a rich-text editor produces, links and images.
 * Scripts, event handlers, iframes, forms and javascript: URLs are removed. Applied on save and on display.
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    col: ['span', 'width'],
    '*': ['style', 'class'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(\.\d+)?(px|pt|em|rem|%)$/],
      'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      'line-height': [/^[\d.]+(px|em|%)?$/],
      'text-indent': [/^\d{1,3}(px|em)$/],
      width: [/^\d{1,4}(px|%)$/],
      height: [/^\d{1,4}px$/],
    },
  },
  transformTags: {
    // Links that open a new tab cannot reach back into the platform's window.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizer()(html, OPTIONS);
}
