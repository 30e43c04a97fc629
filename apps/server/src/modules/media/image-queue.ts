import { availableParallelism } from 'node:os';
import { AppError } from '../../lib/errors';

export interface ImageQueueOptions {
  /** Images decoded at once in this process. */
  concurrency: number;
  /** Images that may wait for a turn; one more is refused with 503 rather than queued for long. */
  maxWaiting: number;
  /** Images one person may have waiting or being decoded at once. */
  perPerson: number;
  /**
   * While others wait, a turn is handed on only after a rest of this many times the last image's
   * decoding time, so images use at most 1 / (1 + restRatio) of a core however many are sent.
   */
  restRatio?: number;
}

export interface ImageQueue {
  /** Runs `work` when a turn is free; refuses at once (503 or 429, with Retry-After) when the queue is full. */
  run<T>(personId: string, work: () => Promise<T>): Promise<T>;
}

/**
 * One image at a time on a machine of two cores or fewer, resting as long as it worked while others
 * wait (so at most half a core), two at once on bigger ones; four more may wait, two per person.
 */
export function defaultImageQueueOptions(): ImageQueueOptions {
  const small = availableParallelism() <= 2;
  return { concurrency: small ? 1 : 2, maxWaiting: 4, perPerson: 2, restRatio: small ? 1 : 0 };
}

/** The first guess of an image's decoding time, until one has been measured. */
const FIRST_GUESS_MS = 2_000;

/**
 * Decoding a large image keeps a thread of libuv's small pool (4 threads, shared with password
 * hashing, file access and DNS) busy for seconds, so images take turns here instead of filling
 * that pool: logins and everything else keep the rest of it (decision 111).
 */
export function createImageQueue(options: ImageQueueOptions): ImageQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  const perPerson = new Map<string, number>();
  let averageMs = FIRST_GUESS_MS;

  const restRatio = options.restRatio ?? 0;
  const retryAfterSeconds = () =>
    Math.min(60, Math.max(1, Math.ceil((averageMs * (1 + restRatio) * (waiting.length + running)) / options.concurrency / 1000)));

  function release(personId: string, tookMs: number) {
    const left = (perPerson.get(personId) ?? 1) - 1;
    if (left > 0) perPerson.set(personId, left);
    else perPerson.delete(personId);
    if (!waiting.length) {
      running -= 1;
      return;
    }
    const handOn = () => {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    };
    if (restRatio > 0) setTimeout(handOn, tookMs * restRatio);
    else handOn();
  }

  return {
    async run(personId, work) {
      if ((perPerson.get(personId) ?? 0) >= options.perPerson) {
        throw new AppError(
          'rate_limited',
          `You are already uploading ${options.perPerson} images; wait until they are done, then try again.`,
          { retryAfterSeconds: retryAfterSeconds() },
        );
      }
      if (running >= options.concurrency && waiting.length >= options.maxWaiting) {
        throw new AppError('busy', 'Postflow is processing many images right now. Try again in a few seconds.', {
          retryAfterSeconds: retryAfterSeconds(),
        });
      }
      perPerson.set(personId, (perPerson.get(personId) ?? 0) + 1);
      // A finished image hands its turn straight to the next waiting one (`release`), so `running` only counts turns taken.
      if (running < options.concurrency) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      const started = performance.now();
      try {
        return await work();
      } finally {
        const tookMs = performance.now() - started;
        averageMs = averageMs * 0.8 + tookMs * 0.2;
        release(personId, tookMs);
      }
    },
  };
}
