import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Node 24 re-reads and re-parses the nearest package.json for every file it resolves, and a package's whole
 * "exports" map for every bare import of it. For drizzle-orm (a 179 KB package.json exporting each of its files)
 * that cost ~2.5 s and ~70 MB of garbage at start-up. This hook
 * - answers relative imports between files of an installed package itself, by Node's own rules (.mjs module,
 *   .cjs CommonJS, .js by the package's "type"), reading each package.json once;
 * - remembers where a bare specifier resolved to from a package (every file of a package resolves it alike).
 * Anything else (extensionless or directory imports, our own relative imports, node: builtins) goes to Node's
 * resolver unchanged. Installed only by the server's entry point (main.mjs); tests run without it.
 */
const rootOfDirectory = new Map<string, string>();
const typeOfRoot = new Map<string, 'module' | 'commonjs'>();
const resolvedBare = new Map<string, module.ResolveFnOutput>();

/**
 * The directory of the package.json that owns `directory`, as Node finds it: the nearest one up, not looking past
 * a node_modules folder (the folder itself is returned then, and has no manifest).
 */
function packageRoot(directory: string): string {
  const known = rootOfDirectory.get(directory);
  if (known) return known;
  const parent = path.dirname(directory);
  const stop =
    parent === directory ||
    path.basename(directory) === 'node_modules' ||
    fs.existsSync(path.join(directory, 'package.json'));
  const root = stop ? directory : packageRoot(parent);
  rootOfDirectory.set(directory, root);
  return root;
}

/** The "type" of the package that owns `directory` (CommonJS without a manifest or a readable "type"). */
function packageType(directory: string): 'module' | 'commonjs' {
  const root = packageRoot(directory);
  let type = typeOfRoot.get(root);
  if (!type) {
    type = 'commonjs';
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { type?: unknown };
      if (manifest.type === 'module') type = 'module';
    } catch {
      // No manifest (or an unreadable one): Node treats the file as CommonJS too.
    }
    typeOfRoot.set(root, type);
  }
  return type;
}

const isBare = (specifier: string) => !/^(?:\.{1,2}\/|\/|[a-z]+:)/.test(specifier);

const FORMAT_BY_EXTENSION: Record<string, 'module' | 'commonjs' | undefined> = { '.mjs': 'module', '.cjs': 'commonjs' };

export function installFastResolve(): void {
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (
        parent?.startsWith('file://') &&
        parent.includes('/node_modules/') &&
        (specifier.startsWith('./') || specifier.startsWith('../')) &&
        /\.[cm]?js$/.test(specifier)
      ) {
        const url = new URL(specifier, parent);
        const target = fileURLToPath(url);
        if (fs.existsSync(target)) {
          // Node loads a module under its real path; so must we, or a file reached through a link loads twice.
          const file = fs.realpathSync(target);
          const extension = path.extname(file);
          const format = FORMAT_BY_EXTENSION[extension] ?? packageType(path.dirname(file));
          return { url: pathToFileURL(file).href, format, shortCircuit: true };
        }
      }
      if (parent?.startsWith('file://') && isBare(specifier)) {
        const from = packageRoot(path.dirname(fileURLToPath(parent)));
        const key = `${from}\0${specifier}\0${context.conditions.join(',')}`;
        const known = resolvedBare.get(key);
        if (known) return known;
        const resolved = { ...nextResolve(specifier, context), shortCircuit: true };
        resolvedBare.set(key, resolved);
        return resolved;
      }
      return nextResolve(specifier, context);
    },
  });
}
