import { describe, expect, it } from 'vitest';
import { MIN_CONTRAST_WITH_WHITE, carriesWhiteText, contrastRatio, relativeLuminance } from './contrast.js';

describe('WCAG relative luminance and contrast', () => {
  it('gives black 0 and white 1, and weighs green over red over blue', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 10);
    expect(relativeLuminance('#00FF00')).toBeCloseTo(0.7152, 10);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 10);
  });

  it('linearises each channel on both sides of the 0.04045 threshold', () => {
    // 10/255 = 0.0392 is below it: divided by 12.92.
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 12);
    // 11/255 = 0.0431 is above it: the power curve.
    expect(relativeLuminance('#0b0b0b')).toBeCloseTo(((11 / 255 + 0.055) / 1.055) ** 2.4, 12);
    // Mid grey, a known value.
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2158605, 6);
  });

  it('answers 21 for black on white, 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 10);
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#336699', '#336699')).toBe(1);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#FFFFFF', '#767676')).toBeCloseTo(4.54, 2);
  });

  it('lets white text on a colour of 4.5:1 or more, and refuses one just under', () => {
    expect(MIN_CONTRAST_WITH_WHITE).toBe(4.5);
    expect(carriesWhiteText('#767676')).toBe(true); // 4.54
    expect(carriesWhiteText('#777777')).toBe(false); // 4.48
    expect(carriesWhiteText('#1565C0')).toBe(true);
    expect(carriesWhiteText('#FFEB3B')).toBe(false);
    expect(carriesWhiteText('#000000')).toBe(true);
    expect(carriesWhiteText('#FFFFFF')).toBe(false);
  });

  it('refuses what is not #RRGGBB', () => {
    for (const bad of ['#FFF', 'FFFFFF', '#GGGGGG', '#FFFFFF0', 'red', ' #FFFFFF'])
      expect(() => relativeLuminance(bad)).toThrow(/#RRGGBB/);
  });
});
