import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setLanguage } from '../../../i18n';
import { useLabelText } from './use-label-text';

function Label({ text }: { text: string }) {
  const tr = useLabelText();
  return <p>{tr(text)}</p>;
}

const show = (text: string) =>
  render(
    <Suspense fallback={<p>loading</p>}>
      <Label text={text} />
    </Suspense>,
  );

describe('useLabelText', () => {
  afterEach(async () => {
    await setLanguage('en', { persist: false });
  });

  it('shows a message as it is in English, at once', () => {
    show('Aadhaar details');
    expect(screen.getByText('Aadhaar details')).toBeInTheDocument();
  });

  it('translates as ruleText does in another language, once its catalogs are in', async () => {
    await setLanguage('hi', { persist: false });
    show('Aadhaar details');
    expect(await screen.findByText('आधार का विवरण')).toBeInTheDocument();
    // A message no catalog knows stays as it is.
    show('A message of a config');
    expect(await screen.findByText('A message of a config')).toBeInTheDocument();
  });
});
