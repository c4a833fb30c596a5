import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { MESSAGES } from '@veridocs/shared';
import { authCatalog } from '../features/auth/auth-catalog';
import en from './common/locales/en.json';
import hi from './common/locales/hi.json';
import {
  LANGUAGE_STORAGE_KEY,
  defineCatalog,
  getLanguage,
  setLanguage,
  storedLanguage,
  translate,
  useT,
} from './i18n';
import { commonCatalog } from '.';

// What the catalogs plugin of vite.config.ts does to a locales/*.json file.
const compile = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, compileMessageOrThrow(text)]));

const plurals = defineCatalog(
  'test-plurals',
  compile({ files: '{count, plural, one {# file} other {# files}}', onlyEnglish: 'Only in English' }),
  {
    hi: () =>
      Promise.resolve({ default: compile({ files: '{count, plural, one {# फ़ाइल} other {# फ़ाइलें}}' }) }),
  },
);

function Label() {
  const t = useT(authCatalog);
  return <span>{t('getOtp')}</span>;
}

afterEach(async () => {
  await setLanguage('en', { persist: false });
});

describe('the i18n layer', () => {
  it('repeats the specification’s fixed messages exactly in English, and translates each into Hindi', () => {
    for (const [key, message] of Object.entries(MESSAGES)) {
      expect(translate(commonCatalog, key as keyof typeof en), key).toBe(message);
      expect(hi[key as keyof typeof hi], key).toBeTruthy();
    }
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('compiles ICU plurals at build time and picks the CLDR category', () => {
    expect(translate(plurals, 'files', { count: 1 })).toBe('1 file');
    expect(translate(plurals, 'files', { count: 3 })).toBe('3 files');
  });

  it('switches every rendered string, keeps the choice and falls back to English key by key', async () => {
    render(
      <Suspense fallback="loading">
        <Label />
      </Suspense>,
    );
    expect(screen.getByText('Get OTP')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    expect(screen.getByText('OTP पाएँ')).toBeInTheDocument();
    expect(getLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(storedLanguage()).toBe('hi');
    expect(translate(commonCatalog, 'sessionExpired')).toBe('सत्र समाप्त हो गया');
    expect(translate(plurals, 'files', { count: 2 })).toBe('2 फ़ाइलें');
    expect(translate(plurals, 'onlyEnglish')).toBe('Only in English');
  });

  it('reads an unknown stored language as English', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(storedLanguage()).toBe('en');
  });
});
