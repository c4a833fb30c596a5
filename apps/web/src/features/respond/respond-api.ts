import {
  INSTITUTION_API_PATHS,
  confirmContactResponseSchema,
  responderCodeResponseSchema,
  responderLetterResponseSchema,
  responderRequestListSchema,
  responderRequestSchema,
  responderSessionResponseSchema,
  institutionAnswerSchema,
  type ConfirmContactResponse,
  type InstitutionAnswer,
  type ResponderAnswerRequest,
  type ResponderCodeResponse,
  type ResponderLetterResponse,
  type ResponderRequest,
  type ResponderRequestList,
  type ResponderSessionResponse,
} from '@veridocs/shared';
import { api } from '../../app/store/api';
import { request } from '../../lib/api-client';
import { isApiQueryError } from '../../lib/api/base-query';

/**
 * The institution's pages (issue 27). Public calls, never the candidate's session: the link's token,
 * then the responder's own session token as the bearer. The page shows every failure itself.
 */
const quiet = { noSnackbar: true };
const bearer = (sessionToken: string) => ({ Authorization: `Bearer ${sessionToken}` });
const P = INSTITUTION_API_PATHS;

export interface SessionArg {
  sessionToken: string;
}

export const respondApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmContact: build.mutation<ConfirmContactResponse, { token: string }>({
      query: (body) => ({
        url: P.confirmContact,
        method: 'post',
        body,
        schema: confirmContactResponseSchema,
      }),
      extraOptions: quiet,
    }),
    sendResponderCode: build.mutation<ResponderCodeResponse, { token: string }>({
      query: (body) => ({ url: P.responderCode, method: 'post', body, schema: responderCodeResponseSchema }),
      extraOptions: quiet,
    }),
    openResponderSession: build.mutation<ResponderSessionResponse, { token: string; code: string }>({
      query: (body) => ({
        url: P.responderSession,
        method: 'post',
        body,
        schema: responderSessionResponseSchema,
      }),
      extraOptions: quiet,
    }),
    getResponderRequests: build.query<ResponderRequestList, SessionArg>({
      query: ({ sessionToken }) => ({
        url: P.responderRequests,
        headers: bearer(sessionToken),
        schema: responderRequestListSchema,
      }),
      extraOptions: quiet,
      providesTags: [{ type: 'Responder', id: 'LIST' }],
    }),
    getResponderRequest: build.query<ResponderRequest, SessionArg & { id: string }>({
      query: ({ sessionToken, id }) => ({
        url: P.responderRequest(id),
        headers: bearer(sessionToken),
        schema: responderRequestSchema,
      }),
      extraOptions: quiet,
      providesTags: (_result, _error, { id }) => [{ type: 'Responder', id }],
    }),
    /** An answer (or a correction: both are kept) makes the request and the list's marks stale. */
    sendResponderAnswer: build.mutation<
      InstitutionAnswer,
      SessionArg & { id: string; answer: ResponderAnswerRequest }
    >({
      query: ({ sessionToken, id, answer }) => ({
        url: P.responderAnswer(id),
        method: 'post',
        body: answer,
        headers: bearer(sessionToken),
        schema: institutionAnswerSchema,
      }),
      extraOptions: quiet,
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Responder', id },
        { type: 'Responder', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useConfirmContactMutation,
  useSendResponderCodeMutation,
  useOpenResponderSessionMutation,
  useGetResponderRequestsQuery,
  useGetResponderRequestQuery,
  useSendResponderAnswerMutation,
} = respondApi;

/** The optional letter (multipart `file`), through the server's checked upload path. */
export async function uploadResponderLetter(
  sessionToken: string,
  requestId: string,
  file: File,
  signal?: AbortSignal,
): Promise<ResponderLetterResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await request('post', P.responderLetter(requestId), body, {
    headers: bearer(sessionToken),
    noSnackbar: true,
    signal,
  });
  return responderLetterResponseSchema.parse((response.body as { data?: unknown } | null)?.data);
}

/**
 * A document of the request, fetched with the session (a bare link carries no bearer) and opened as a
 * blob. The tab opens inside the click, so no popup blocker stops it, and goes to the blob when it is in.
 */
export async function openResponderFile(
  sessionToken: string,
  requestId: string,
  fileId: string,
): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const response = await request('get', P.responderFile(requestId, fileId), undefined, {
      headers: bearer(sessionToken),
      noSnackbar: true,
      responseType: 'blob',
    });
    const url = URL.createObjectURL(response.body as Blob);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener');
    // The tab has read it by then; the page does not keep every opened document in memory.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** The responder's own session ended (expired, or closed by the server): a new code is needed. */
export const sessionEnded = (error: unknown): boolean => isApiQueryError(error) && error.status === 401;
