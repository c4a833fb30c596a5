/**
 * The entry of one document-check process (check-pool.ts forks it). It answers tasks over IPC, one at a time:
 * `analyse` (analyseDocument), `ocr` (recogniseText), `mrz` (readPassportMrz) and `merge` (mergePdfFiles). The pool watches its memory and time and kills it
 * when it passes a limit; nothing here needs to clean up.
 */
import {
  analyseDocument,
  mergePdfFiles,
  readPassportMrz,
  recogniseText,
  type AnalyseInput,
} from '../analysis/index.js';

interface TaskMessage {
  type: 'task';
  id: number;
  op: string;
  input: unknown;
}

const ops: Record<string, (input: never) => Promise<unknown>> = {
  analyse: (input: AnalyseInput) => analyseDocument(input),
  ocr: (input: { path: string; mimeType: string }) => recogniseText(input),
  mrz: async (input: { path: string }) => (await readPassportMrz(input)).result,
  merge: (input: { paths: string[]; outPath: string }) => mergePdfFiles(input),
};

process.on('message', (message: TaskMessage) => {
  if (message.type !== 'task') return;
  const op = ops[message.op];
  const work = op ? op(message.input as never) : Promise.reject(new Error(`unknown check ${message.op}`));
  work.then(
    (value) => process.send?.({ type: 'result', id: message.id, value }),
    (error: unknown) =>
      process.send?.({
        type: 'error',
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
// The parent went away (it crashed or was killed): do not outlive it.
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
