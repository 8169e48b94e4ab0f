/**
 * The server's entry point (`npm start`, e2e and bench spawn it). It installs the module resolution cache before
 * anything else is loaded (static imports would be resolved before it runs), then starts the server.
 */
import { installFastResolve } from './boot/fast-resolve.ts';

installFastResolve();
await import('./serve.ts');
