import {
  API_PATHS,
  supportChatSchema,
  supportMessageSchema,
  type SupportChat,
  type SupportMessage,
} from '@veridocs/shared';
import { api } from '../store/api';
import { config } from '../../lib/config';

const base = config.services.webWallet;

/** The candidate's support conversation (ADR 0032): read (polled while the chat is open) and write. */
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportChat: build.query<SupportChat, void>({
      query: () => ({ url: `${base}${API_PATHS.support.chat}`, schema: supportChatSchema }),
      // A failed poll is silent (spec §8: list fetches fail silently); the next one tries again.
      extraOptions: { noSnackbar: true },
    }),
    sendSupportMessage: build.mutation<SupportMessage, { body: string }>({
      query: (body) => ({
        url: `${base}${API_PATHS.support.chatMessages}`,
        method: 'post',
        body,
        schema: supportMessageSchema,
      }),
      extraOptions: { noSnackbar: true },
      // The sent message shows at once in the cached conversation.
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer)
          dispatch(
            supportApi.util.updateQueryData('getSupportChat', undefined, (draft) => {
              if (!draft.messages.some((m) => m.id === answer.data.id)) draft.messages.push(answer.data);
            }),
          );
      },
    }),
  }),
});

export const { useGetSupportChatQuery, useSendSupportMessageMutation } = supportApi;
