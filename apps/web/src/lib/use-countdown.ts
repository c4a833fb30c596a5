import { useEffect, useState } from 'react';

/**
 * Seconds left of a countdown that starts at `seconds` whenever `key` changes (a new OTP was sent).
 */
export function useCountdown(seconds: number, key: unknown): number {
  const [state, setState] = useState({ key, left: seconds });
  if (state.key !== key) setState({ key, left: seconds });
  const left = state.key === key ? state.left : seconds;

  useEffect(() => {
    if (seconds <= 0) return;
    const endsAt = Date.now() + seconds * 1000;
    const id = setInterval(() => {
      const next = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setState({ key, left: next });
      if (next === 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [seconds, key]);

  return left;
}
