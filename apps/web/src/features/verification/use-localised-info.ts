import { useCallback, useMemo } from 'react';
import type { skipToken } from '@reduxjs/toolkit/query';
import type { VerificationInfo } from '@veridocs/shared';
import { useLanguage } from '../../i18n';
import { localiseConfig, localiseLabel } from '../../lib/content/config-text/localise-config';
import { useRuleText } from '../../lib/content/rules/rule-text';
import { useGetVerificationInfoQuery, type VerificationRef } from './verification-api';

/**
 * A verification's info with its config's texts in the reader's language (the server sends them as
 * the organisation wrote them, in English); the cached data stays as the server sent it.
 */
export function useLocalisedVerificationInfo(arg: VerificationRef | typeof skipToken) {
  const loaded = useGetVerificationInfoQuery(arg);
  const tr = useRuleText();
  const language = useLanguage();
  const localise = useCallback(
    (info: VerificationInfo | undefined): VerificationInfo | undefined =>
      info && language !== 'en'
        ? {
            ...info,
            config: localiseConfig(info.config, tr),
            verification: { ...info.verification, label: localiseLabel(info.verification.label, tr) },
          }
        : info,
    [tr, language],
  );
  const currentData = useMemo(() => localise(loaded.currentData), [loaded.currentData, localise]);
  const data = useMemo(() => localise(loaded.data), [loaded.data, localise]);
  return { ...loaded, currentData, data };
}
