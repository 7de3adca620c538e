// Writes .br and .gz beside each built text asset so the server sends compressed files without
// compressing per request (@fastify/static `preCompressed`). Players are mostly on slow mobile networks.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

for (const dir of process.argv.slice(2)) {
  let before = 0;
  let after = 0;
  for (const file of walk(dir).filter((path) => COMPRESSIBLE.test(path))) {
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    before += bytes.length;
    after += brotli.length;
  }
  console.log(`precompressed ${dir}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
}
