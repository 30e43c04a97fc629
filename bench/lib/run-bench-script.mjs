import { spawn } from 'node:child_process';

/**
 * Runs one benchmark script with tsx, echoing its output, and resolves its exit code with its result:
 * the last line of output that is a JSON object naming that benchmark (`{"bench":"api",…}`).
 */
export function runBenchScript(root, script, args, bench) {
  return new Promise((resolve) => {
    const child = spawn(`${root}/node_modules/.bin/tsx`, [script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    let result;
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      buffer += chunk.toString();
      let newline;
      while ((newline = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line.startsWith(`{"bench":${JSON.stringify(bench)}`)) continue;
        try {
          result = JSON.parse(line);
        } catch {
          // A log line that only looks like one.
        }
      }
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, result }));
  });
}
