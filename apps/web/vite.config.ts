import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Inlines the entry's stylesheet (the login page's few KB of plain.css) into index.html. As a <link> it blocked the
 * first paint — the boot splash — and the module scripts behind it until it had loaded: one more request on the
 * way to the login page's first (and largest) paint. The file stays in dist for anything that links it.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'aps-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react(), inlineEntryCss()],
  server: {
    // `npm run dev -w @aps/web` against a server started with `npm start` (port 8086).
    proxy: { '/aps': { target: 'http://localhost:8086', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is larger than the default warning threshold; chunk sizes are watched in the e2e run instead.
    chunkSizeWarningLimit: 1024,
    // The SSR build (scripts/prerender-pages.ts) only renders the login page at build time: Node needs no chunk plan.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // React and the router change rarely and every page needs them: one long-cached chunk. The rest of what
              // the first page (the login page) runs stays in the entry chunk, rather than in small shared chunks that
              // would each be another request before the first render. antd is left to the automatic splitting so that
              // each page only loads the components it uses.
              groups: [
                {
                  name: 'react',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 2,
                },
                { name: 'index', tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
  },
}));
