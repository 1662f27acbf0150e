// After `vite build`: writes .br and .gz beside every compressible asset, so the server sends
// compressed files without compressing on each request (@fastify/static preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;
let files = 0;
let before = 0;
let afterGzip = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const data = fs.readFileSync(file);
      if (data.length < 512) continue;
      const gz = zlib.gzipSync(data, { level: 9 });
      const br = zlib.brotliCompressSync(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      fs.writeFileSync(`${file}.gz`, gz);
      fs.writeFileSync(`${file}.br`, br);
      files++;
      before += data.length;
      afterGzip += gz.length;
    }
  }
}

walk(dist);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(afterGzip / 1024).toFixed(0)} KB gzip`,
);
