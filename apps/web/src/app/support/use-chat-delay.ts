import { useEffect, useState } from 'react';
import { UI_LIMITS } from '@veridocs/shared';

/**
 * Spec §2, §9: the chat appears 3 seconds after a screen where it is allowed shows; hidden at once
 * where it is not.
 */
export function useChatDelay(allowed: boolean, delayMs: number = UI_LIMITS.chatDelayMs): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!allowed) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [allowed, delayMs]);
  return allowed && shown;
}
