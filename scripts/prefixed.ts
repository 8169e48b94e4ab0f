import { spawn } from 'node:child_process';
import readline from 'node:readline';

/**
 * Runs a command with its output lines prefixed by `label` (several runs side by side stay readable) and resolves
 * with its exit code.
 */
export function runPrefixed(
  label: string,
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<number> {
  const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], env: options.env });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`${label} ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`=== ${label} exit ${code} ===`);
      resolve(code ?? 1);
    });
  });
}
