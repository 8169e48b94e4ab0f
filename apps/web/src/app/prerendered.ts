/**
 * What the build's pre-render (app/prerender.tsx, scripts/prerender-pages.ts) and the client (main.tsx) agree on.
 * Kept apart from the pre-render itself so the client's entry does not pull in react-dom/server.
 */

/** Marks #root when its content is a pre-rendered page (main.tsx hydrates only then). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The pre-rendered form's own property that its inline submit guard and the login page share. The guard sets it to
 * `true` when 登录 (or Enter) is pressed before the script has taken the form over, so the press is not lost: the
 * page submits once it has. The page sets it to `false` when it takes over, and the guard then records nothing.
 */
export const EARLY_SUBMIT_PROPERTY = '__apsEarlySubmit';

/** The form element as the guard and the page see it. */
export type EarlySubmitForm = HTMLFormElement & { [EARLY_SUBMIT_PROPERTY]?: boolean };
