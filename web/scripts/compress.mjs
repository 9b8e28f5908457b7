// Writes a gzip (.gz) and a brotli (.br) copy beside each built asset, once at build
// time, so saqqara.server.site serves them compressed without compressing per request.
import { readFile, readdir, writeFile } from "node:fs/promises";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = new URL("../../src/saqqara/web/assets/", import.meta.url);
const compressible = /\.(js|css|svg|json|html|txt|map)$/;
let plain = 0;
let brotli = 0;
for (const name of await readdir(assets)) {
  if (!compressible.test(name)) continue;
  const data = await readFile(new URL(name, assets));
  const gz = gzipSync(data, { level: 9 });
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  await writeFile(new URL(`${name}.gz`, assets), gz);
  await writeFile(new URL(`${name}.br`, assets), br);
  plain += data.length;
  brotli += br.length;
}
console.log(`compressed the assets: ${(plain / 1024).toFixed(1)} KB -> ${(brotli / 1024).toFixed(1)} KB (brotli)`);
