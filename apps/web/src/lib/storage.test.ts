import { describe, expect, it, vi } from 'vitest';
import { clearStorage, getItem, getJson, parseJson, removeItem, setItem, setJson } from './storage';

describe('storage helpers (spec §8)', () => {
  it('reads and writes both storages', () => {
    expect(setItem('a', '1')).toBe(true);
    expect(setItem('b', '2', 'session')).toBe(true);
    expect(getItem('a')).toBe('1');
    expect(getItem('b', 'session')).toBe('2');
    expect(getItem('missing')).toBeNull();
    expect(removeItem('a')).toBe(true);
    expect(getItem('a')).toBeNull();
    expect(clearStorage('session')).toBe(true);
    expect(getItem('b', 'session')).toBeNull();
  });

  it('a failed read logs a warning and gives null', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    expect(getItem('a')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('a failed write logs a warning and gives false', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(setItem('a', '1')).toBe(false);
    expect(setJson('a', { x: 1 })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('invalid JSON reads as {} (or [] when an array is asked for)', () => {
    localStorage.setItem('broken', '{not json');
    expect(getJson('broken')).toEqual({});
    expect(getJson('broken', { array: true })).toEqual([]);
    expect(parseJson('[1,2]', { array: true })).toEqual([1, 2]);
    expect(parseJson('{"a":1}', { array: true })).toEqual([]);
    expect(getJson('absent')).toBeNull();
    setJson('good', { a: 1 });
    expect(getJson('good')).toEqual({ a: 1 });
  });
});
