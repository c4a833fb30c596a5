import type {
  FastifyInstance,
  FastifyPluginAsync,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
} from 'fastify';

/**
 * A family of routes that share one sign-in (issue 25 §2, as fastify/demo's autohooks): an
 * encapsulated plugin whose `onRequest` hook runs the guard on each of its routes, before the body is
 * read or validated (ADR 0004), and on none outside it. Routers inside state no guard of their own.
 */
export function signedInFamily(
  guard: onRequestHookHandler | onRequestAsyncHookHandler,
  register: (family: FastifyInstance) => Promise<void>,
): FastifyPluginAsync {
  return async (family) => {
    family.addHook('onRequest', guard);
    await register(family);
  };
}
