import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { CANDIDATE_STEPS } from '../../lib/content/candidate-steps';
import { renderApp } from '../../test/render';

afterEach(async () => {
  await act(() => setLanguage('en', { persist: false }));
});

describe('/instructions (spec §2)', () => {
  it('each step heading says "Step n:" to screen readers in a 1 px box, never one as wide as the page', async () => {
    renderApp({ route: '/instructions' });
    const first = CANDIDATE_STEPS[0]!;
    expect(first.title).toBe('Log in');
    await screen.findByRole('heading', { name: 'Your steps to a verified profile' });
    const heading = screen
      .getAllByRole('heading', { level: 3 })
      .find((h) => h.textContent === `Step 1: ${first.title}`);
    const hidden = heading?.querySelector('span');
    expect(hidden).toHaveTextContent('Step 1:');
    // MUI's sx reads `width: 1` as 100%: an absolute box that wide made the page scroll sideways.
    expect(hidden).toHaveStyle({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden' });
  });

  it('reads in Hindi once Hindi is chosen', async () => {
    await act(() => setLanguage('hi', { persist: false }));
    renderApp({ route: '/instructions' });
    await screen.findByRole('heading', { name: 'सत्यापित प्रोफ़ाइल तक पहुँचने के चरण' });
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toContain('चरण 1: लॉग इन करें');
    expect(screen.getByRole('tab', { name: 'सवाल-जवाब' })).toBeInTheDocument();
  });
});

describe('/faq', () => {
  it('gives the OTP limits of the specification, in English and in Hindi', async () => {
    const { unmount } = renderApp({ route: '/faq' });
    await screen.findByRole('heading', { name: 'Frequently asked questions' });
    expect(
      screen.getByText(/^You can request an OTP up to 3 times\. Only the latest OTP works/),
    ).toBeInTheDocument();
    expect(screen.getByText(/^After 3 failed attempts you are blocked for 2 hours\./)).toBeInTheDocument();
    unmount();

    await act(() => setLanguage('hi', { persist: false }));
    renderApp({ route: '/faq' });
    await screen.findByRole('heading', { name: 'अक्सर पूछे जाने वाले सवाल' });
    expect(screen.getByText(/^आप ज़्यादा से ज़्यादा 3 बार OTP माँग सकते हैं।/)).toBeInTheDocument();
    expect(screen.getByText(/^3 बार गलत OTP डालने पर आपको 2 घंटे के लिए रोक दिया जाता है।/)).toBeInTheDocument();
  });
});

describe('/terms and /privacy-policy (spec §2)', () => {
  it('date their text through Intl: the specification’s English, the month written out in Hindi', async () => {
    const { unmount } = renderApp({ route: '/terms' });
    expect(await screen.findByText('Last edited 19 Feb 2024')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1. Eligibility' })).toBeInTheDocument();
    unmount();
    const privacy = renderApp({ route: '/privacy-policy' });
    expect(await screen.findByText('Last updated 14 Nov 2022')).toBeInTheDocument();
    privacy.unmount();

    await act(() => setLanguage('hi', { persist: false }));
    renderApp({ route: '/terms' });
    expect(await screen.findByText('अंतिम बदलाव: 19 फ़रवरी 2024')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1. पात्रता' })).toBeInTheDocument();
  });
});
