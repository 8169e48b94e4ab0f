/**
 * Rules of the announcement body editor that need no editor: which links it may make. The server keeps the same
 * rule (apps/server/src/modules/platform/announcement/sanitize.ts: http, https and mailto only).
 */

/** The schemes a body's links may use. */
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const HOST = /^[\w-]+(\.[\w-]+)+(:\d+)?([/?#]\S*)?$/;

/** Whether a link address may stay in a body (its scheme is http, https or mailto). */
export function isAllowedLink(url: string): boolean {
  const scheme = SCHEME.exec(url.trim())?.[1]?.toLowerCase();
  return scheme !== undefined && (LINK_SCHEMES as readonly string[]).includes(scheme);
}

/**
 * What the user typed as a link's address, as the link's href: kept when it names an allowed scheme, an e-mail
 * address gets mailto:, a bare host (www.example.com/path) gets https://. Anything else (javascript:, data:, a
 * relative path, words) is refused: null.
 */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  if (SCHEME.test(text) && !/^[^:/]+:\d/.test(text)) {
    if (!isAllowedLink(text)) return null;
    if (/^mailto:/i.test(text)) return EMAIL.test(text.slice(7)) ? text : null;
    return /^https?:\/\/[^/?#\s]+/i.test(text) ? text : null;
  }
  if (EMAIL.test(text)) return `mailto:${text}`;
  if (HOST.test(text)) return `https://${text}`;
  return null;
}

/**
 * A stored body as the editor's HTML: plain text (a body written before the editor, or through the API) becomes
 * paragraphs, a blank line starting the next one; a body that already holds markup is kept as written.
 */
export function bodyHtml(text: string): string {
  if (/<[a-z][\s\S]*>/i.test(text)) return text;
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * Whether a stored body holds what the editor cannot keep (images, tables, embedded media, inline styles such
 * as colours or alignment): it would be lost once the body is edited and saved, so the form says so.
 */
export function hasUnsupportedFormatting(html: string): boolean {
  return /<(img|table|iframe|video|audio|font)\b|<[a-z][^>]*\sstyle\s*=/i.test(html);
}
