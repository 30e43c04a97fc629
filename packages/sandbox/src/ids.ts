/**
 * Snowflake-style ids. X ids carry milliseconds since X's epoch in the top bits, and LinkedIn
 * activity ids carry Unix milliseconds the same way, so ids sort by creation time as on the networks.
 */
export interface IdGenerator {
  next(now: number): string;
  observe(id: string): void;
}

export const X_EPOCH_MS = 1288834974657;

export function createSnowflakeGenerator(epochMs: number, workerId = 1): IdGenerator {
  let lastMs = -1;
  let sequence = 0;
  return {
    next(now: number) {
      let ms = Math.max(0, Math.floor(now - epochMs));
      if (ms <= lastMs) {
        ms = lastMs;
        sequence++;
        if (sequence > 0xfff) {
          ms = lastMs + 1;
          sequence = 0;
        }
      } else {
        sequence = 0;
      }
      lastMs = ms;
      return ((BigInt(ms) << 22n) | (BigInt(workerId & 0x3ff) << 12n) | BigInt(sequence)).toString();
    },
    observe(id: string) {
      if (!/^\d+$/.test(id)) return;
      const ms = Number(BigInt(id) >> 22n);
      if (ms > lastMs) {
        lastMs = ms;
        sequence = Number(BigInt(id) & 0xfffn);
      }
    },
  };
}
