import {
  OPS_API_PATHS,
  type SupportConversation,
  type SupportInbox,
  type SupportInboxQuery,
  type SupportMessage,
} from '@veridocs/shared';
import { api } from '../../app/api';

/** The support inbox's endpoints (schemas/support.ts; ADR 0032, 0035). */
export const supportApi = api
  .enhanceEndpoints({ addTagTypes: ['SupportInbox', 'SupportConversation'] })
  .injectEndpoints({
    endpoints: (build) => ({
      supportInbox: build.query<SupportInbox, Partial<Pick<SupportInboxQuery, 'filter' | 'cursor'>>>({
        query: ({ filter, cursor }) => {
          const params = new URLSearchParams();
          if (filter && filter !== 'all') params.set('filter', filter);
          if (cursor) params.set('cursor', cursor);
          const search = params.toString();
          return search
            ? `${OPS_API_PATHS.supportConversations}?${search}`
            : OPS_API_PATHS.supportConversations;
        },
        providesTags: ['SupportInbox'],
      }),
      supportConversation: build.query<SupportConversation, string>({
        query: (id) => OPS_API_PATHS.supportConversation(id),
        providesTags: (_result, _error, id) => [{ type: 'SupportConversation', id }],
      }),
      supportReply: build.mutation<SupportMessage, { conversationId: string; body: string }>({
        query: ({ conversationId, body }) => ({
          url: OPS_API_PATHS.supportReplies(conversationId),
          method: 'POST',
          body: { body },
        }),
        invalidatesTags: (_r, _e, { conversationId }) => [
          { type: 'SupportConversation', id: conversationId },
          'SupportInbox',
        ],
      }),
    }),
  });

export const { useSupportInboxQuery, useSupportConversationQuery, useSupportReplyMutation } = supportApi;
