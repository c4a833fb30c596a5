import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

  it('a failed preload is asked again by the render', async () => {
    let calls = 0;
    const { Component, preload } = lazyScreen(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : chunk(),
    );
    await expect(preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="three" />
      </Suspense>,
    );
    expect(await screen.findByText('screen three')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
