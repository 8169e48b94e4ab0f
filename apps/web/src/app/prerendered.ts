/**
 * What the build's pre-render (app/prerender.tsx, scripts/prerender-pages.ts) and the client (main.tsx) agree on.
 * Kept apart from the pre-render itself so the client's entry does not pull in react-dom/server.
 */

/** Marks #root when its content is a pre-rendered page (main.tsx hydrates only then). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
