import { Fragment, type ReactNode } from 'react';
import Link from '@mui/material/Link';

/**
 * The notifications' markdown subset, rendered to React elements (never to HTML): **bold**, *italics*
 * (or _italics_), [links](https://…) with http and https targets only, line breaks, and backslash
 * escapes. Everything else is text: raw HTML, `<script>`, `javascript:` and `data:` URLs show as typed.
 */
const TOKEN =
  /\\([\\*_[\]()<>`])|\*\*((?:\\.|[^*\\])+)\*\*|\*((?:\\.|[^*\\])+)\*|_((?:\\.|[^_\\])+)_|\[((?:\\.|[^\]\\])+)\]\(([^()\s]+)\)|\n/g;

/** An http(s) URL as given, else null (javascript:, data:, relative and malformed URLs are refused). */
export function safeHref(raw: string): string | null {
  const href = raw.replace(/\\(.)/g, '$1');
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

function render(text: string, key: string, depth: number): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(TOKEN)) {
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    last = at + match[0].length;
    const k = `${key}.${n++}`;
    const [whole, escaped, bold, italic, italicUnderscore, label, href] = match;
    if (escaped !== undefined) out.push(escaped);
    else if (whole === '\n') out.push(<br key={k} />);
    else if (depth > 3) out.push(whole);
    else if (bold !== undefined) out.push(<strong key={k}>{render(bold, k, depth + 1)}</strong>);
    else if (italic !== undefined || italicUnderscore !== undefined)
      out.push(<em key={k}>{render((italic ?? italicUnderscore)!, k, depth + 1)}</em>);
    else if (label !== undefined) {
      const safe = safeHref(href ?? '');
      const children = render(label, k, depth + 1);
      out.push(
        safe ? (
          <Link key={k} href={safe} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </Link>
        ) : (
          <Fragment key={k}>{children}</Fragment>
        ),
      );
    }
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ text }: { text: string }) {
  return <>{render(text, 'md', 0)}</>;
}
