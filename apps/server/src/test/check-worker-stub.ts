/**
 * A check process for the pool's tests, with the real protocol: `echo`, `sleep`, `allocate`, and an `analyse`
 * that answers COMPLETED unless the file carries a marker: `veridocs-test:slow` sleeps past any limit,
 * `veridocs-test:hog` holds 400 MB.
 */
import { readFileSync } from 'node:fs';

const held: Buffer[] = [];

interface Task {
  type: string;
  id: number;
  op: string;
  input: { ms?: number; mb?: number; value?: unknown; path?: string };
}

function allocate(mb: number) {
  // Filled, so every page is resident (RSS), not only reserved.
  for (let i = 0; i < mb; i++) held.push(Buffer.alloc(1024 * 1024, 1));
}

process.on('message', (message: Task) => {
  if (message.type !== 'task') return;
  const reply = (value: unknown) => process.send?.({ type: 'result', id: message.id, value });
  const { input } = message;
  switch (message.op) {
    case 'echo':
      return reply({ value: input.value, pid: process.pid, env: Object.keys(process.env) });
    case 'sleep':
      return void setTimeout(() => reply('slept'), input.ms ?? 0);
    case 'allocate':
      allocate(input.mb ?? 0);
      return void setTimeout(() => reply(held.length), 2_000);
    case 'analyse': {
      const text = readFileSync(input.path ?? '').toString('latin1');
      if (text.includes('veridocs-test:slow')) return void setTimeout(() => reply(null), 60_000);
      if (text.includes('veridocs-test:hog')) {
        allocate(400);
        return void setTimeout(() => reply(null), 60_000);
      }
      return reply({ state: 'COMPLETED', issues: [], pageCount: 1 });
    }
    default:
      process.send?.({ type: 'error', id: message.id, message: 'boom' });
  }
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
