import { loadWithRetry } from '@veridocs/shared';
import { useLanguage } from '../../../i18n';
import type * as RuleText from './rule-text';

type RuleTextModule = typeof RuleText;

let module: RuleTextModule | undefined;
let loading: Promise<void> | undefined;
let failed: unknown;

const unchanged = (message: string) => message;

/**
 * `useRuleText` for a screen that shows it first in English: there a message is shown as it is, so
 * the rules and config-text catalogs (~3.5 KB gzip) are loaded only for another language (issue 31
 * §2). Suspends while they load, as `useRuleText` does while a language's catalogs load.
 */
export function useLabelText(): (message: string) => string {
  const language = useLanguage();
  if (language === 'en') return unchanged;
  if (failed !== undefined) throw failed;
  if (!module) {
    // Thrown, not use()d, as useT does: the next render no longer makes the call.
    loading ??= loadWithRetry(() => import('./rule-text')).then(
      (loaded) => {
        module = loaded;
      },
      (error: unknown) => {
        failed = error;
      },
    );
    throw loading;
  }
  for (const catalog of module.ruleTextCatalogs) {
    const pending = catalog.ready(language);
    if (pending) throw pending;
  }
  return module.ruleText;
}
