/**
 * Pre-renders the login page into its own HTML after `vite build` (the LCP budget of issue 3: the page is on screen
 * with the first paint instead of after the entry script has loaded and run).
 *
 * 1. builds apps/web/src/app/prerender.tsx for Node (Vite's SSR build; dependencies stay in node_modules);
 * 2. renders the page with the client's own tree and puts it in place of the boot splash of dist/index.html;
 * 3. loads the app's script only after that page's first paint (measured: −40 to −70 ms of LCP on 2 cores);
 * 4. writes dist/prerendered<path>.html, which the server sends for that path (apps/server/src/app.ts).
 *
 * A visitor who is signed in must not see the login form flash before the guard sends them on: a one-line inline
 * script, run before the first paint, puts the splash back when a session token is stored (main.tsx then renders
 * afresh instead of hydrating).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

interface PrerenderModule {
  renderLoginPage(): string;
  PRERENDERED_PATH: string;
  PRERENDERED_ATTRIBUTE: string;
  EARLY_SUBMIT_PROPERTY: string;
  TOKEN_STORAGE_KEY: string;
}

const webRoot = path.resolve(process.argv[2] ?? 'apps/web');
const dist = path.join(webRoot, 'dist');
// Inside the package, so that the bundle's bare imports (react, react-router…) resolve from node_modules.
const ssrOut = path.join(webRoot, 'node_modules', '.cache', 'prerender');

const BOOT = /<div id="root"><!--boot-->([\s\S]*?)<!--\/boot--><\/div>/;

const started = performance.now();
await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, copyPublicDir: false },
});
const entry = path.join(ssrOut, 'prerender.js');
const prerender = (await import(pathToFileURL(entry).href)) as PrerenderModule;

const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const boot = BOOT.exec(indexHtml);
if (!boot) throw new Error('prerender: dist/index.html has no <div id="root"><!--boot-->…<!--/boot--></div>');
const splash = (boot[1] ?? '').trim();

const markup = prerender.renderLoginPage();
/** A JSON string literal that is safe inside <script> (no `</script>` can end it early). */
const scriptString = (value: string) => JSON.stringify(value).replaceAll('<', '\\u003c');
const signedInGuard =
  `<script>try{if(localStorage.getItem(${scriptString(prerender.TOKEN_STORAGE_KEY)})){` +
  `var r=document.getElementById("root");r.removeAttribute(${scriptString(prerender.PRERENDERED_ATTRIBUTE)});` +
  `r.innerHTML=${scriptString(splash)}}}catch(e){}</script>`;
// A click on 登录 before the script has taken the form over must not submit it natively (a page reload), nor be
// lost: the guard notes it on the form, and the page submits once it has taken the form over (LoginPage).
const early = `f[${scriptString(prerender.EARLY_SUBMIT_PROPERTY)}]`;
const submitGuard =
  '<script>document.querySelectorAll("#root form").forEach(function(f){' +
  `f.addEventListener("submit",function(e){e.preventDefault();if(${early}!==false)${early}=true})})</script>`;

// The page is drawn without any script; the app's entry (and the chunks it preloads) is fetched after that first
// paint instead of competing with it. The fallback timer covers a page whose frames do not run (a hidden tab).
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const entryScript = ENTRY_SCRIPT.exec(indexHtml);
if (!entryScript?.[1]) throw new Error('prerender: dist/index.html has no module entry script');
const preloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? '');
const lateLoader =
  '<script>(function(){var started=false;function load(){if(started)return;started=true;var h=document.head;' +
  `${JSON.stringify(preloads).replaceAll('<', '\\u003c')}.forEach(function(u){var l=document.createElement("link");` +
  'l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});' +
  'var s=document.createElement("script");s.type="module";s.crossOrigin="";' +
  `s.src=${scriptString(entryScript[1])};h.appendChild(s)}` +
  'requestAnimationFrame(function(){setTimeout(load)});setTimeout(load,200)})()</script>';

const html = indexHtml
  .replace(ENTRY_SCRIPT, '')
  .replace(MODULE_PRELOAD, '')
  .replace(
    BOOT,
    () =>
      `<div id="root" ${prerender.PRERENDERED_ATTRIBUTE}>${markup}</div>\n    ${signedInGuard}\n    ${submitGuard}` +
      `\n    ${lateLoader}`,
  );

const target = path.join(dist, 'prerendered', `${prerender.PRERENDERED_PATH}.html`);
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, html);
console.log(
  `prerender: ${path.relative(webRoot, target)} (${(markup.length / 1024).toFixed(1)} KB of markup) in ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
