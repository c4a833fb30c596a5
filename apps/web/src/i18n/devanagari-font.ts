/** Loaded only when Hindi is chosen (i18n.ts): the font's CSS and files stay off every English page. */
export async function loadDevanagariFont(): Promise<void> {
  await Promise.all([
    import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
    import('@fontsource/noto-sans-devanagari/devanagari-600.css'),
  ]);
  // The faces download only when text first needs them: fetch both weights now, so the switch does not
  // draw Hindi in a fallback (empty boxes where a device has no Devanagari font). Never more than 3 s.
  if (typeof document === 'undefined' || !('fonts' in document)) return;
  const faces = Promise.all(
    ['400', '600'].map((weight) => document.fonts.load(`${weight} 16px "Noto Sans Devanagari"`, 'अ')),
  ).catch(() => undefined);
  await Promise.race([faces, new Promise((resolve) => setTimeout(resolve, 3000))]);
}
