import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Failing({ error }: { error: Error }): never {
  throw error;
}

// React reports the caught error on the console; the test asserts what the candidate sees instead.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('RouteErrorBoundary', () => {
  it('a screen whose code could not be downloaded: the message and a reload button, not a blank page', () => {
    render(
      <RouteErrorBoundary resetKey="/wallet">
        <Failing error={new TypeError('Failed to fetch dynamically imported module: /assets/abc1234.js')} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This screen could not be downloaded. Check your connection, then reload the page.',
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('a screen that threw: its own message', () => {
    render(
      <RouteErrorBoundary resetKey="/wallet">
        <Failing error={new Error('boom')} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Something went wrong on this screen. Reload the page to try again.',
    );
  });

  it('clears on another path: the next screen shows', () => {
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/wallet">
        <Failing error={new Error('boom')} />
      </RouteErrorBoundary>,
    );
    rerender(
      <RouteErrorBoundary resetKey="/wallet">
        <p>still failed</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(
      <RouteErrorBoundary resetKey="/profile">
        <p>profile</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('profile')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
