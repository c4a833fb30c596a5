import { describe, expect, it, vi } from 'vitest';
import { navigateTo, setNavigate } from './navigation';

describe('navigation outside React', () => {
  it('logs "Navigate function not set" when used before the router set it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(navigateTo('/login')).toBe(false);
    expect(warn).toHaveBeenCalledWith('Navigate function not set');
  });

  it('uses the router’s navigate once set', () => {
    const navigate = vi.fn();
    setNavigate(navigate as never);
    expect(navigateTo('/login', { replace: true })).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});
