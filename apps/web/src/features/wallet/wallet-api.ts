import {
  API_PATHS,
  loadWithRetry,
  UI_LIMITS,
  type Credential,
  type CredentialListResponse,
  type CredentialVerification,
} from '@veridocs/shared';
import type { z } from 'zod';
import { api } from '../../app/store/api';
import { lazySchema } from '../../lib/api/base-query';
import { config } from '../../lib/config';
import type * as WalletSchemas from './wallet-schemas';

/** The answers' schemas, loaded with the first request (issue 31 §2). */
const loadSchemas = () => loadWithRetry(() => import('./wallet-schemas'));
const schemaOf = (pick: (schemas: typeof WalletSchemas) => z.ZodType) => lazySchema(loadSchemas, pick);

const C = API_PATHS.credentials;
const wallet = (path: string) => `${config.services.webWallet}${path}`;

/** The wallet's calls (spec §7 "Credentials"): GET /credentials with seed=0, count=100; verify is public. */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCredentials: build.query<CredentialListResponse, void>({
      query: () => ({
        url: `${wallet(C.list)}?seed=0&count=${UI_LIMITS.credentialsCount}`,
        schema: schemaOf((m) => m.credentialListResponseSchema),
      }),
      // A new credential is announced by a notification: the live stream invalidates this.
      providesTags: ['Credentials'],
    }),
    getCredential: build.query<Credential, string>({
      query: (id) => ({ url: wallet(C.one(id)), schema: schemaOf((m) => m.credentialSchema) }),
      providesTags: ['Credentials'],
      // The screen shows "not found" itself.
      extraOptions: { noSnackbar: true },
    }),
    /** POST /credentials/receive/{shareId}: keeps a credential shared with the candidate in their wallet. */
    receiveCredential: build.mutation<Credential, string>({
      query: (shareId) => ({
        url: wallet(C.receive(shareId)),
        method: 'post',
        schema: schemaOf((m) => m.receiveCredentialResponseSchema),
      }),
    }),
    /** DELETE /credentials/documents/{id}/{fileId}: takes a supporting document off the credential. */
    removeDocument: build.mutation<Credential, { credentialId: string; fileId: string }>({
      query: ({ credentialId, fileId }) => ({
        url: wallet(C.document(credentialId, fileId)),
        method: 'delete',
        schema: schemaOf((m) => m.removeWalletDocumentResponseSchema),
      }),
      // The credential as the server now has it, at once: the row cannot be removed twice meanwhile.
      async onQueryStarted({ credentialId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(walletApi.util.upsertQueryData('getCredential', credentialId, data));
      },
    }),
    /** DELETE /credentials/received/{id}: takes a received credential out of the candidate's wallet. */
    removeReceived: build.mutation<{ id: string }, string>({
      query: (id) => ({
        url: wallet(C.received(id)),
        method: 'delete',
        schema: schemaOf((m) => m.removeReceivedCredentialResponseSchema),
      }),
      // Gone from the cached list at once: the wallet never shows it, even before its refetch.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          walletApi.util.updateQueryData('listCredentials', undefined, (draft) => {
            const before = draft.list.length;
            draft.list = draft.list.filter((c) => c.id !== id);
            draft.total -= before - draft.list.length;
          }),
        );
      },
    }),
    verifyCredential: build.query<CredentialVerification, string>({
      query: (shareId) => ({
        url: wallet(C.verify(shareId)),
        schema: schemaOf((m) => m.credentialVerificationSchema),
      }),
      extraOptions: { noSnackbar: true },
    }),
  }),
});

export const {
  useListCredentialsQuery,
  useGetCredentialQuery,
  useVerifyCredentialQuery,
  useReceiveCredentialMutation,
  useRemoveDocumentMutation,
  useRemoveReceivedMutation,
} = walletApi;

/** Where the wallet's "Add document" sends the file (multipart, the checks of POST /files). */
export const documentUploadUrl = (credentialId: string) => wallet(C.documents(credentialId));
