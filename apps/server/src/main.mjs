// @ts-check
/**
 * The server's entry point (`npm start` and the bench run it). Plain JavaScript on purpose: Node loads a .js file
 * without its TypeScript stripper, so on a warm start, when every .ts file of the server comes out of the compile
 * cache already stripped, the stripper (a WebAssembly build of SWC, ~15 MB that stay resident) is never loaded.
 * 1. The compile cache: Node keeps the stripped source and V8's code cache of every module it loads in a directory
 *    (`NODE_COMPILE_CACHE`, else `<os tmpdir>/node-compile-cache`), checked against each file's content.
 * 2. The module resolution cache (boot/fast-resolve.ts), installed before any package is imported.
 * Both come before the server's own imports, hence dynamic imports rather than static ones.
 */
import module from 'node:module';

module.enableCompileCache();
const { installFastResolve } = await import('./boot/fast-resolve.ts');
installFastResolve();
await import('./serve.ts');
