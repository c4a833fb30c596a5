import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CANDIDATE_STEPS } from '../../lib/content/candidate-steps';
import { renderApp } from '../../test/render';

describe('/instructions (spec §2)', () => {
  it('each step heading says "Step n:" to screen readers in a 1 px box, never one as wide as the page', async () => {
    renderApp({ route: '/instructions' });
    const first = CANDIDATE_STEPS[0]!;
    await screen.findByRole('heading', { name: 'Your steps to a verified profile' });
    const heading = screen
      .getAllByRole('heading', { level: 3 })
      .find((h) => h.textContent === `Step 1: ${first.title}`);
    const hidden = heading?.querySelector('span');
    expect(hidden).toHaveTextContent('Step 1:');
    // MUI's sx reads `width: 1` as 100%: an absolute box that wide made the page scroll sideways.
    expect(hidden).toHaveStyle({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' });
  });
});
