import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, safeHref } from './markdown';

const html = (text: string) => render(<Markdown text={text} />).container;

describe('the notifications markdown subset (rendered as React elements, never HTML)', () => {
  it('bold, italics, http(s) links and line breaks', () => {
    const root = html(
      '**Degree** is *verified*\nSee [the report](https://example.test/r?a=1&b=2) or _later_',
    );
    expect(root.querySelector('strong')?.textContent).toBe('Degree');
    expect([...root.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['verified', 'later']);
    expect(root.querySelectorAll('br')).toHaveLength(1);
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.test/r?a=1&b=2');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.textContent).toBe('the report');
  });

  it('escapes show as the characters they escape', () => {
    const root = html('a \\*b\\* \\[c\\]\\(https://x.test\\)');
    expect(root.textContent).toBe('a *b* [c](https://x.test)');
    expect(root.querySelector('em, a')).toBeNull();
  });

  it('<script>, raw HTML, javascript: and data: links render inert, as text', () => {
    const attacks = [
      '<script>window.hacked = 1</script>',
      '<img src=x onerror="window.hacked=1">',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[img](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[rel](/relative/path)',
      '**<b onmouseover=alert(1)>x</b>**',
      '<a href="javascript:alert(1)">x</a>',
    ];
    for (const attack of attacks) {
      const root = html(attack);
      expect(root.querySelector('script, img, iframe, b, [onerror], [onmouseover]')).toBeNull();
      for (const a of root.querySelectorAll('a')) expect(a.getAttribute('href')).toMatch(/^https?:/);
    }
    expect(html('<script>x</script>').textContent).toBe('<script>x</script>');
    expect(html('[click](javascript:alert(1))').querySelector('a')).toBeNull();
    expect(html('[click](javascript:alert(1))').textContent).toContain('click');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('safeHref accepts http and https only', () => {
    expect(safeHref('https://a.test/x')).toBe('https://a.test/x');
    expect(safeHref('http://a.test')).toBe('http://a.test/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
    expect(safeHref('/local')).toBeNull();
  });
});
