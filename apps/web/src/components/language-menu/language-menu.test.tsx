import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getLanguage, setLanguage } from '../../i18n';
import { recordAnalytics } from '../../test/analytics-sink';
import { renderWithProviders } from '../../test/render';
import { LanguageMenu } from './language-menu';

afterEach(async () => {
  await act(() => setLanguage('en', { persist: false }));
});

describe('the language menu (issue 10 §4)', () => {
  it('works from the keyboard: Enter opens it on the current language, arrows move, Enter chooses', async () => {
    const analytics = recordAnalytics();
    const { user } = renderWithProviders(<LanguageMenu />);
    const button = await screen.findByRole('button', { name: 'Language: English' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    const english = await screen.findByRole('menuitemradio', { name: 'English' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toHaveAccessibleName('Language: English');
    await waitFor(() => expect(english).toHaveFocus());
    expect(english).toHaveAttribute('lang', 'en');
    await user.keyboard('{ArrowDown}');
    const hindi = screen.getByRole('menuitemradio', { name: 'हिन्दी' });
    expect(hindi).toHaveFocus();
    expect(hindi).toHaveAttribute('lang', 'hi');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'भाषा: हिन्दी' })).toBeInTheDocument();
    expect(getLanguage()).toBe('hi');
    expect(analytics.events).toEqual([{ name: 'misc.language_changed', props: { from: 'en', to: 'hi' } }]);
  });

  it('Escape closes it and changes nothing', async () => {
    const analytics = recordAnalytics();
    const { user } = renderWithProviders(<LanguageMenu collapse />);
    await user.click(await screen.findByRole('button', { name: 'Language: English' }));
    await screen.findByRole('menu');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(getLanguage()).toBe('en');
    expect(analytics.events).toEqual([]);
  });
});
