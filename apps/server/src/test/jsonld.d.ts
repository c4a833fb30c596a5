/** The parts of jsonld and the W3C context packages (no types of their own) the credential tests use. */
declare module 'jsonld' {
  interface RemoteDocument {
    contextUrl: string | null;
    documentUrl: string;
    document: unknown;
  }
  const jsonld: {
    expand(
      input: unknown,
      options: { documentLoader: (url: string) => Promise<RemoteDocument>; safe?: boolean },
    ): Promise<Record<string, unknown>[]>;
  };
  export default jsonld;
}
declare module 'credentials-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalbazaar/vc-bitstring-status-list-context' {
  export const contexts: Map<string, unknown>;
}
