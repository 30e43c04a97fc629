/**
 * Determinism for the built-in engine: choices depend only on the input text and the requested
 * variant, never on time or randomness, so the same request always gives the same answer and
 * "regenerate" (the next variant) gives a different one.
 */

/** FNV-1a, 32 bits: a stable hash of a text. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A variant as a non-negative integer (absent, negative or fractional values are tolerated). */
export function variantNumber(variant: number | undefined): number {
  if (variant === undefined || !Number.isFinite(variant)) return 0;
  return Math.abs(Math.trunc(variant));
}

/** `list` rotated left by `steps`. */
export function rotate<T>(list: readonly T[], steps: number): T[] {
  if (list.length === 0) return [];
  const offset = ((steps % list.length) + list.length) % list.length;
  return [...list.slice(offset), ...list.slice(0, offset)];
}

/** The item at `index`, wrapping around. */
export function pick<T>(list: readonly [T, ...T[]], index: number): T {
  return list[((index % list.length) + list.length) % list.length] as T;
}
