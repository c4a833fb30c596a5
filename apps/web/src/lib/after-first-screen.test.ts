import { describe, expect, it, vi } from 'vitest';

describe('afterFirstScreen (issue 31 §2)', () => {
  it('waits for an idle moment after the page has loaded; the first screen takes recent answers until then', async () => {
    vi.resetModules();
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    try {
      const { afterFirstScreen, markFirstScreenDrawn, refetchOnMount } = await import('./after-first-screen');
      let settled = false;
      void afterFirstScreen().then(() => (settled = true));
      // jsdom's page has loaded: the wait is for the screen, then for the idle moment.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(idle).toHaveLength(0);
      markFirstScreenDrawn();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(settled).toBe(false);
      expect(refetchOnMount()).toBe(10);
      expect(idle).toHaveLength(1);
      idle[0]?.();
      await afterFirstScreen();
      expect(settled).toBe(true);
      // From then on every mount asks again, and later waits are over at once.
      expect(refetchOnMount()).toBe(true);
      await expect(afterFirstScreen()).resolves.toBeUndefined();
      expect(idle).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
