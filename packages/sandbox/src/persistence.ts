import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface Persistence {
  load(): unknown;
  markDirty(): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Saves are debounced and written to a temporary file then renamed, so a crash mid-write never
 * leaves a truncated state file and `npm start` always finds the last complete snapshot.
 */
export function createPersistence(file: string | undefined, serialize: () => unknown, debounceMs: number): Persistence {
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dirty = false;
  let lastSerializeMs = 0;

  async function write(): Promise<void> {
    if (!file || !dirty) return;
    dirty = false;
    const temporary = `${file}.${process.pid}.tmp`;
    await mkdir(dirname(file), { recursive: true });
    const started = performance.now();
    const text = JSON.stringify(serialize());
    lastSerializeMs = performance.now() - started;
    // The state holds live sandbox tokens: readable by the owner only, whatever the umask.
    await writeFile(temporary, text, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, file);
  }

  function schedule() {
    writing = writing.then(write).catch((error: unknown) => {
      console.error(`Sandbox: could not save state to ${file}:`, error);
    });
    return writing;
  }

  return {
    load() {
      if (!file || !existsSync(file)) return undefined;
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        console.error(`Sandbox: ignoring unreadable state file ${file}:`, error);
        return undefined;
      }
    },
    markDirty() {
      if (!file) return;
      dirty = true;
      if (timer) return;
      // A big state under load would otherwise be re-serialised several times a second.
      timer = setTimeout(
        () => {
          timer = undefined;
          void schedule();
        },
        Math.max(debounceMs, lastSerializeMs * 20),
      );
      timer.unref();
    },
    flush() {
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      return schedule();
    },
    async stop() {
      await this.flush();
    },
  };
}
