/** Loaded only when Hindi is chosen (i18n.ts): the font's CSS and files stay off every English page. */
export async function loadDevanagariFont(): Promise<void> {
  await Promise.all([
    import('@fontsource/noto-sans-devanagari/devanagari-400.css'),
    import('@fontsource/noto-sans-devanagari/devanagari-600.css'),
  ]);
}
