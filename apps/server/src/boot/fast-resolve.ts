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
 * resolver unchanged. Installed only by the server's entry point (main.ts); tests run without it.
 */
const typeOfDirectory = new Map<string, 'module' | 'commonjs'>();
const rootOfDirectory = new Map<string, string>();
const resolvedBare = new Map<string, module.ResolveFnOutput>();

/** The directory of the package.json that owns `directory` (the directory itself when none is found). */
function packageRoot(directory: string): string {
  const known = rootOfDirectory.get(directory);
  if (known) return known;
  const parent = path.dirname(directory);
  const root =
    fs.existsSync(path.join(directory, 'package.json')) || parent === directory ? directory : packageRoot(parent);
  rootOfDirectory.set(directory, root);
  return root;
}

const isBare = (specifier: string) => !/^(?:\.{1,2}\/|\/|[a-z]+:)/.test(specifier);

function packageType(directory: string): 'module' | 'commonjs' {
  const known = typeOfDirectory.get(directory);
  if (known) return known;
  let type: 'module' | 'commonjs' = 'commonjs';
  const manifest = path.join(directory, 'package.json');
  if (fs.existsSync(manifest)) {
    try {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { type?: unknown };
      type = parsed.type === 'module' ? 'module' : 'commonjs';
    } catch {
      // An unreadable manifest: Node would fail on it too; let the parent's rule stand.
    }
  } else {
    const parent = path.dirname(directory);
    type = parent === directory || path.basename(directory) === 'node_modules' ? 'commonjs' : packageType(parent);
  }
  typeOfDirectory.set(directory, type);
  return type;
}

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
