import { useState } from 'react';

/**
 * True from the first render where `open` is true on. A dialog (or drawer) whose code loads when it
 * first opens stays mounted after that, so it still closes with its transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived from props during render (React's pattern for state that follows a prop): no extra pass.
  if (open && !opened) setOpened(true);
  return opened || open;
}
