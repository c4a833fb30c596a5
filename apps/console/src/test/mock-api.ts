import { createMockApi } from '@veridocs/ui/test';
import { setTransport } from '../lib/api-client';

export { errorReply, okReply, type RecordedCall } from '@veridocs/ui/test';

/** Answers this app's requests in memory, in place of fetch: the client's headers and envelope run for real. */
export const mockApi = () => createMockApi(setTransport);
