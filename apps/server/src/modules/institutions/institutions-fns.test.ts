import { describe, expect, it } from 'vitest';
import { inAnswerOrder } from './institutions-fns.js';

const at = (iso: string) => new Date(iso);

describe('inAnswerOrder', () => {
  it('orders by time, and a correction given in the same instant after what it corrects', () => {
    const same = at('2027-01-21T10:00:00Z');
    const first = { id: 'z-first', correctsAnswerId: null, answeredAt: same };
    const second = { id: 'a-second', correctsAnswerId: 'z-first', answeredAt: same };
    const third = { id: 'm-third', correctsAnswerId: 'a-second', answeredAt: same };
    expect(inAnswerOrder([third, second, first]).map((a) => a.id)).toEqual([
      'z-first',
      'a-second',
      'm-third',
    ]);
    const later = { id: 'b-later', correctsAnswerId: null, answeredAt: at('2027-01-22T10:00:00Z') };
    const earlier = { id: 'y-earlier', correctsAnswerId: 'x', answeredAt: at('2027-01-20T10:00:00Z') };
    expect(inAnswerOrder([later, third, earlier, first, second]).map((a) => a.id)).toEqual([
      'y-earlier',
      'z-first',
      'a-second',
      'm-third',
      'b-later',
    ]);
  });

  it('ends on a correction loop instead of spinning', () => {
    const loop = [
      { id: 'a', correctsAnswerId: 'b', answeredAt: at('2027-01-21T10:00:00Z') },
      { id: 'b', correctsAnswerId: 'a', answeredAt: at('2027-01-21T10:00:00Z') },
    ];
    expect(inAnswerOrder(loop)).toHaveLength(2);
  });
});
