import { MESSAGES } from '@veridocs/shared';
import { translate } from '../i18n';
import { commonCatalog } from './common-catalog';

type MessageKey = keyof typeof MESSAGES | 'networkError';
const KEY_BY_TEXT = new Map<string, MessageKey>([
  ...Object.entries(MESSAGES).map(([key, text]): [string, MessageKey] => [text, key as MessageKey]),
  // The API client's own words for a request that got no answer.
  ['Network Error', 'networkError'],
]);

/**
 * One of the specification's fixed messages (`MESSAGES`, e.g. a zod error or a snackbar the client
 * decided) in the current language; any other text (a server's message, already in the request's
 * language) as it is.
 */
export function localMessage(text: string): string {
  const key = KEY_BY_TEXT.get(text);
  return key ? translate(commonCatalog, key) : text;
}
