import { UPLOAD_MESSAGES } from '@aps/shared';

/** file-type (with its tokenizers, ~1 MB resident) is loaded by the first upload, not at start. */
let fileType: Promise<typeof import('file-type')> | undefined;
const loadFileType = () => (fileType ??= import('file-type'));

/** What the content of an upload is, judged from its bytes (magic numbers), never from the name alone. */
export type ContentVerdict =
  | { ok: true; mime: string; ext: string | null; isImage: boolean }
  | { ok: false; message: string };

/** file-type extensions of programs and installers: refused whatever the name says. */
const EXECUTABLE_TYPES = new Set([
  'exe',
  'elf',
  'macho',
  'class',
  'jar',
  'apk',
  'swf',
  'wasm',
  'crx',
  'xpi',
  'deb',
  'rpm',
  'dmg',
  'lnk',
  'reg',
  'chm',
  'asar',
]);

/** Names refused even when the content alone looks harmless (a script is plain text). */
const EXECUTABLE_EXTENSIONS = new Set([
  'exe',
  'dll',
  'com',
  'scr',
  'msi',
  'bat',
  'cmd',
  'sh',
  'bash',
  'ps1',
  'vbs',
  'vbe',
  'wsf',
  'js',
  'mjs',
  'cjs',
  'jar',
  'php',
  'jsp',
  'asp',
  'aspx',
  'cgi',
  'pl',
  'py',
]);
const MARKUP_EXTENSIONS = new Set([
  'html',
  'htm',
  'xhtml',
  'shtml',
  'mht',
  'mhtml',
  'svg',
  'svgz',
  'hta',
  'xsl',
  'xslt',
]);

/**
 * Names whose type a browser or an office program trusts: the content must be of that type (a renamed file is
 * refused). Values are the file-type extensions that may carry that name.
 */
const CLAIMED_TYPES: Record<string, readonly string[]> = {
  png: ['png', 'apng'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  bmp: ['bmp'],
  webp: ['webp'],
  pdf: ['pdf'],
};

/** Tags and schemes that make a text a web page or a script when a browser renders it. */
const MARKUP =
  /<\s*(?:!doctype\s+html|html|head|body|script|iframe|frame|frameset|object|embed|applet|svg|math|meta|link|style|base|form|img|video|audio|xml|\?xml-stylesheet|xsl:)[\s/>]|(?:java|vb)script\s*:/i;
/** How much of a text is searched for markup: browsers sniff far less than this. */
const TEXT_SAMPLE_BYTES = 1024 * 1024;

/** The lower-case extension of a file name ('' without one). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The bytes read as text, for the markup search: NULs dropped so that UTF-16 text reads as its letters. */
function textSample(content: Buffer): string {
  return content.subarray(0, TEXT_SAMPLE_BYTES).toString('latin1').replaceAll('\0', '');
}

function isUtf8Text(content: Buffer): boolean {
  const sample = content.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Judges an upload by its content: programs and web pages/scripts are refused (also when renamed), an image or
 * PDF name must hold that type, and the stored type is the detected one (text/plain or octet-stream otherwise).
 */
export async function inspectContent(content: Buffer, fileName: string): Promise<ContentVerdict> {
  if (content.length === 0) return { ok: false, message: UPLOAD_MESSAGES.emptyFile };
  const { fileTypeFromBuffer } = await loadFileType();
  const detected = await fileTypeFromBuffer(content);
  const head = content.subarray(0, 4);
  if (
    (detected && EXECUTABLE_TYPES.has(detected.ext)) ||
    head.subarray(0, 2).toString('latin1') === 'MZ' ||
    head.toString('latin1') === '\u007fELF' ||
    head.subarray(0, 2).toString('latin1') === '#!'
  ) {
    return { ok: false, message: UPLOAD_MESSAGES.executableRefused };
  }
  // A detected binary format (image, PDF, archive, office file) is rendered by its own type, never as HTML; text,
  // XML and anything unrecognised is searched for markup.
  if ((!detected || detected.ext === 'xml') && MARKUP.test(textSample(content))) {
    return { ok: false, message: UPLOAD_MESSAGES.htmlRefused };
  }
  const ext = extensionOf(fileName);
  if (EXECUTABLE_EXTENSIONS.has(ext)) return { ok: false, message: UPLOAD_MESSAGES.executableRefused };
  if (MARKUP_EXTENSIONS.has(ext)) return { ok: false, message: UPLOAD_MESSAGES.htmlRefused };
  const claimed = CLAIMED_TYPES[ext];
  if (claimed && !(detected && claimed.includes(detected.ext))) return { ok: false, message: UPLOAD_MESSAGES.mismatch };

  if (detected) {
    return { ok: true, mime: detected.mime, ext: detected.ext, isImage: detected.mime.startsWith('image/') };
  }
  const text = isUtf8Text(content);
  return {
    ok: true,
    mime: text ? 'text/plain; charset=utf-8' : 'application/octet-stream',
    ext: /^[a-z0-9]{1,10}$/.test(ext) ? ext : null,
    isImage: false,
  };
}
