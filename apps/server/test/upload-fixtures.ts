/** Small real files for the upload tests (unit and integration): bytes as the formats define them. */

/** A 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG of `bytes` bytes: the 1×1 image followed by padding (still detected as PNG). */
export function pngOfSize(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  PNG_1PX.copy(out);
  return out;
}

/** A JPEG start (SOI + JFIF APP0), enough for detection. */
export const JPEG_HEAD = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
  Buffer.from([0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);

/** A one-page PDF. */
export const PDF_MIN = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script></body></html>\n',
);

/** The start of a Windows PE program ("MZ" DOS header with a PE offset). */
export const WINDOWS_EXE = (() => {
  const b = Buffer.alloc(256);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
})();

/** The start of a Linux ELF program. */
export const LINUX_ELF = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(120),
]);
