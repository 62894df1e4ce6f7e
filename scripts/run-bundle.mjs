// Runs the server bundle (CommonJS, scripts/build.mjs) from V8's code cache: the compiled code is
// kept in `<bundle>.v8cache` after a start, so the next start does not parse and compile the
// 4 MB bundle again (Node 20 has no module compile cache; `module.enableCompileCache` is Node 22).
// The cache names the bundle's size and modification time; V8 itself refuses a cache made by
// another Node version or with other flags, and a refused or missing cache is written anew.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** Written this long after the start, so the functions compiled by the start are in it. */
const CACHE_AFTER_MS = 5000;

export function runBundle(file) {
  const cacheFile = `${file}.v8cache`;
  const stat = fs.statSync(file);
  const tag = Buffer.from(`${stat.size} ${stat.mtimeMs}\n`);
  let cachedData;
  try {
    const buf = fs.readFileSync(cacheFile);
    if (buf.subarray(0, tag.length).equals(tag)) cachedData = buf.subarray(tag.length);
  } catch {
    // No cache yet.
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${fs.readFileSync(file, 'utf8')}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file));
  if (cachedData && !script.cachedDataRejected) return;
  setTimeout(() => {
    try {
      const tmp = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(tmp, Buffer.concat([tag, script.createCachedData()]));
      fs.renameSync(tmp, cacheFile);
    } catch {
      // A read-only install starts without the cache: slower, not wrong.
    }
  }, CACHE_AFTER_MS).unref();
}
