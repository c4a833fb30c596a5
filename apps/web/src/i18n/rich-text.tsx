import { Fragment, cloneElement, type ReactElement, type ReactNode } from 'react';
import { useT, type Catalog, type Values } from './i18n';

const TAG = /<(\d+)>(.*?)<\/\1>/gs;

/**
 * Splits a translated message at its numbered tags (`<0>Terms</0>`) and draws each part with the
 * element given for its number: the words stay in the translation, links and emphasis in the code.
 * Everything is text to React (never HTML); tags do not nest.
 */
export function richText(message: string, elements: Record<number, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    if (match.index > last) parts.push(message.slice(last, match.index));
    const element = elements[Number(match[1])];
    const inner = match[2] ?? '';
    parts.push(
      element ? (
        cloneElement(element, { key: parts.length }, inner)
      ) : (
        <Fragment key={parts.length}>{inner}</Fragment>
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return parts;
}

/** `key` of `catalog` with its `<n>…</n>` parts drawn by `elements` (a link, bold text). */
export function RichText<K extends string>({
  catalog,
  id,
  values,
  elements,
}: {
  catalog: Catalog<K>;
  id: K;
  values?: Values;
  elements: Record<number, ReactElement>;
}) {
  const t = useT(catalog);
  return <>{richText(t(id, values), elements)}</>;
}
