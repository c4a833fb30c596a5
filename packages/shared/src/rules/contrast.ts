/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio): the organisation's primary
 * colour carries white text on the candidate's pages, so it must reach AA for normal text (4.5:1).
 */

/** AA for normal text. */
export const MIN_CONTRAST_WITH_WHITE = 4.5;

const HEX_COLOUR = /^#([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/;

/** One sRGB channel (0–255) to its linear value (WCAG's threshold 0.04045). */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of `#RRGGBB` (0 black … 1 white); throws on anything else. */
export function relativeLuminance(hex: string): number {
  const m = HEX_COLOUR.exec(hex);
  if (!m) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => linear(parseInt(h, 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 … 21, whatever the order. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Whether white text on `hex` reaches 4.5:1. */
export function carriesWhiteText(hex: string): boolean {
  return contrastRatio(hex, '#FFFFFF') >= MIN_CONTRAST_WITH_WHITE;
}
