import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    // `npm run dev -w @aps/web` against a server started with `npm start` (port 8086).
    proxy: { '/aps': { target: 'http://localhost:8086', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is larger than the default warning threshold; chunk sizes are watched in the e2e run instead.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
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
});
