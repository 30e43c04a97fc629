import { useEffect, useState } from 'react';

/** The current time in ms, renewed every `intervalMs`, for labels such as 'Today at 3:00 PM' and input minimums. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
