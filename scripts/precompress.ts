/**
 * Writes .br and .gz siblings of the built web assets, so the server (@fastify/static preCompressed)
 * sends compressed files without compressing on every request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let afterBr = 0;
function walk(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry.name)) compress(file);
  }
}
function compress(file: string): void {
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) return;
  const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  files++;
  before += data.length;
  afterBr += br.length;
}

if (!fs.existsSync(dist)) {
  console.error(`precompress: ${dist} does not exist`);
  process.exit(1);
}
walk(dist);
console.log(
  `precompress: ${files} files, ${(before / 1024).toFixed(0)} KB → ${(afterBr / 1024).toFixed(0)} KB (brotli)`,
);
