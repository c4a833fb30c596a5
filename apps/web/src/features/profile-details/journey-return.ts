import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { FORM_HOME_STATE, PATHS } from '../../app/paths';
import { formEntryPath } from '../../app/path-builders';
import { useGetTransactionInfoQuery } from '../../app/store/transactions-api';

/** The form the profile screens were opened from (?orgId&txnId), and the way back to its home. */
export function useJourney() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orgId = params.get('orgId') ?? '';
  const txnId = params.get('txnId') ?? '';
  const inForm = orgId !== '' && txnId !== '';
  const { data: info } = useGetTransactionInfoQuery(inForm ? { orgId, txnId } : skipToken);
  const search = inForm ? `?${new URLSearchParams({ orgId, txnId }).toString()}` : '';
  const backToForm = useCallback(() => {
    // Outside a form (opened from the profile) the profile screen is home.
    if (!info) return void navigate(PATHS.profile);
    void navigate(formEntryPath(info.formId, txnId, orgId), { state: FORM_HOME_STATE });
  }, [info, navigate, orgId, txnId]);
  return { search, backToForm, info, orgId, txnId };
}
