import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isFormScreen, showsChatWidget } from '@veridocs/shared';
import { renderWithProviders } from '../../test/render';
import { ChatLauncher } from './chat-launcher';
import { useChatDelay } from './use-chat-delay';

describe('the support chat widget (spec §2)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('is allowed on form screens only, never with the init screen', () => {
    expect(isFormScreen('/ekyc/demo-form/txn-1')).toBe(true);
    expect(isFormScreen('/verification')).toBe(true);
    expect(isFormScreen('/verification-info')).toBe(false);
    expect(isFormScreen('/verification/insufficiency')).toBe(false);
    expect(isFormScreen('/')).toBe(false);
    expect(isFormScreen('/profile')).toBe(false);
    expect(showsChatWidget('/ekyc/demo-form/txn-1', true)).toBe(false);
    expect(showsChatWidget('/ekyc/demo-form/txn-1', false)).toBe(true);
  });

  it('appears 3 seconds after a form screen shows, not before, and hides at once elsewhere', () => {
    const { result, rerender } = renderHook(({ allowed }) => useChatDelay(allowed), {
      initialProps: { allowed: true },
    });
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
    rerender({ allowed: false });
    expect(result.current).toBe(false);
    rerender({ allowed: true });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(true);
  });

  it('never appears with the init screen or off the form screens', () => {
    renderWithProviders(<ChatLauncher initScreenShowing />, { route: '/ekyc/demo-form/txn-1?orgId=o' });
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(screen.queryByTestId('chat-launcher')).toBeNull();
  });

  it('never appears on the home page', () => {
    renderWithProviders(<ChatLauncher initScreenShowing={false} />, { route: '/' });
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(screen.queryByTestId('chat-launcher')).toBeNull();
  });
});
