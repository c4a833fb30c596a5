import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Screen({ name }: { name: string }) {
  return <p>screen {name}</p>;
}

const chunk = () => Promise.resolve({ default: Screen });

describe('lazyScreen', () => {
  it('renders a preloaded screen at once: its fallback never shows', async () => {
    const { Component, preload } = lazyScreen(chunk);
    await preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="one" />
      </Suspense>,
    );
    // Synchronously, in the first commit.
    expect(screen.getByText('screen one')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends like React.lazy when the chunk is not in yet, then shows the screen', async () => {
    const { Component } = lazyScreen(chunk);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="two" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(await screen.findByText('screen two')).toBeInTheDocument();
  });

  it('a chunk that fails to download is asked for again: the screen shows', async () => {
    let calls = 0;
    const { Component } = lazyScreen(() =>
      ++calls === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : chunk(),
    );
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="three" />
      </Suspense>,
    );
    // After the first retry's wait (500 ms).
    expect(await screen.findByText('screen three', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('a preload that failed every attempt is asked again by the render', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const { Component, preload } = lazyScreen(() =>
        ++calls <= 3 ? Promise.reject(new Error('offline')) : chunk(),
      );
      const failed = expect(preload()).rejects.toThrow('offline');
      await vi.advanceTimersByTimeAsync(3000);
      await failed;
      expect(calls).toBe(3);
      render(
        <Suspense fallback={<p>loading</p>}>
          <Component name="four" />
        </Suspense>,
      );
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.getByText('screen four')).toBeInTheDocument();
      expect(calls).toBe(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
