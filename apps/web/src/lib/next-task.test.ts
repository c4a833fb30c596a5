import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves in a later task, not among the current task’s microtasks', async () => {
    let resolved = false;
    const done = nextTask().then(() => {
      resolved = true;
    });
    // A promise that settled at once would be resolved well before these microtasks end.
    for (let i = 0; i < 50; i++) await Promise.resolve();
    expect(resolved).toBe(false);
    await done;
    expect(resolved).toBe(true);
  });
});
