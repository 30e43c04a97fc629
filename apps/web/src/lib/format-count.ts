/** docs/product.md, Shared rules · Numbers and times: K from 1,000 and M from 1,000,000, with one decimal. */
export function formatCount(value: number): string {
  const abs = Math.abs(value);
  // 999,950 would round to '1000.0K': it reads better as '1.0M'.
  if (abs >= 999_950) return `${(value / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `${(value / 1_000).toFixed(1)}K`;
  return String(value);
}
