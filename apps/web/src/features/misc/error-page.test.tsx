import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

describe('/error (spec §2)', () => {
  it('shows "Something went wrong" and the default message', async () => {
    renderApp({ route: '/error' });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Unexpected error occurred, please try again later.')).toBeInTheDocument();
  });

  it('shows the message from navigation state, and Go Back returns one step', async () => {
    const { user, probe } = renderApp({ route: '/terms' });
    await screen.findByText('Last edited 19 Feb 2024');
    const { navigateTo } = await import('../../lib/navigation');
    const { act } = await import('@testing-library/react');
    act(() => {
      navigateTo('/error', { state: { message: 'Form has expired' } });
    });
    expect(await screen.findByText('Form has expired')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByText('Last edited 19 Feb 2024')).toBeInTheDocument();
    expect(probe.current?.pathname).toBe('/terms');
  });
});
