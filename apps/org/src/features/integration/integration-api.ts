import {
  ORG_API_PATHS as P,
  type ApiKey,
  type ApiKeyCreated,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from '@veridocs/shared';
import { api } from '../../app/api';

/** The owner's integration calls (ORG_API_PATHS.apiKeys … replayDelivery). */
export const integrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    apiKeys: build.query<ApiKey[], void>({
      query: () => P.apiKeys,
      transformResponse: (r: { list: ApiKey[] }) => r.list,
      providesTags: ['Integration'],
    }),
    createApiKey: build.mutation<ApiKeyCreated, string>({
      query: (name) => ({ url: P.apiKeys, method: 'POST', body: { name } }),
      invalidatesTags: ['Integration'],
    }),
    revokeApiKey: build.mutation<ApiKey, string>({
      query: (id) => ({ url: P.revokeApiKey(id), method: 'POST' }),
      invalidatesTags: ['Integration'],
    }),
    webhooks: build.query<WebhookEndpoint[], void>({
      query: () => P.webhooks,
      transformResponse: (r: { list: WebhookEndpoint[] }) => r.list,
      providesTags: ['Integration'],
    }),
    createWebhook: build.mutation<WebhookEndpointCreated, string>({
      query: (url) => ({ url: P.webhooks, method: 'POST', body: { url } }),
      invalidatesTags: ['Integration'],
    }),
    disableWebhook: build.mutation<WebhookEndpoint, string>({
      query: (id) => ({ url: P.disableWebhook(id), method: 'POST' }),
      invalidatesTags: ['Integration'],
    }),
    rotateWebhookSecret: build.mutation<WebhookEndpointCreated, string>({
      query: (id) => ({ url: P.rotateWebhookSecret(id), method: 'POST' }),
      invalidatesTags: ['Integration'],
    }),
    deliveries: build.query<WebhookDelivery[], void>({
      query: () => P.deliveries,
      transformResponse: (r: { list: WebhookDelivery[] }) => r.list,
      providesTags: ['Integration'],
    }),
    replayDelivery: build.mutation<{ replayed: true }, string>({
      query: (id) => ({ url: P.replayDelivery(id), method: 'POST' }),
      invalidatesTags: ['Integration'],
    }),
  }),
});
