// The built server with the document checks stubbed (they answer COMPLETED at once): bench/upload.mjs
// uses it to measure the upload path alone (multipart stream → type/size guard → hash → storage).
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';

const config = loadConfig();
const app = await buildApp(config, {
  analyser: {
    analyseDocument: async () => ({ state: 'COMPLETED', issues: [], pageCount: 1 }),
    recogniseText: async () => '',
  },
});
await app.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
