import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { uploadAndCheck, type UploadedFile } from '../../lib/api/files-api';
import { notify } from '../../lib/notify';
import { FILE_TEXT } from '@veridocs/shared';
import { ruleText } from '../../lib/content/rules/rule-text';
import { isAllowedMime } from './file-checks';

/** One file on its way: its bytes going up, then the server's checks (PROCESSING). */
export interface PendingUpload {
  key: string;
  name: string;
  size: number;
  /** 0 to 100 while the bytes go up. */
  progress: number;
  /** The bytes are up: the server is checking the document. */
  checking: boolean;
  controller: AbortController;
}

/** Why a file was not taken: the checks' ERROR verdict, or the upload failed or was refused. */
export type UploadFailure =
  | { kind: 'unusable'; file: UploadedFile }
  | { kind: 'wrong-type'; file: UploadedFile; message: string }
  | { kind: 'error'; error: unknown };

/** What the caller does with the outcome of one upload. */
export interface UploadHandlers {
  /** COMPLETED, NULL, a verdict still PROCESSING after the polls, or a WARNING let through. */
  onAccepted: (file: UploadedFile) => void;
  /** Never for a cancelled upload, which says nothing. */
  onFailed: (failure: UploadFailure) => void;
  /** Upload Again in the not-clear dialog. */
  onUploadAgain: () => void;
}

let counter = 0;
const nextKey = () => `upload-${(counter += 1)}`;

/**
 * The upload flow the file field and the camera share (spec §2, §5): upload, ask for the verdict while
 * the checks run (uploadAndCheck), then decide: accepted, refused, or a WARNING held for the not-clear
 * dialog (`notClear` is NotClearDialog's props; several wait their turn). Uploads still running when
 * the component goes away are aborted, and nothing is reported after that.
 */
export function useUploadAndCheck(options: {
  fileCategory?: string | undefined;
  expectName?: string | undefined;
  /** The field's types: the server's refusal names them, and a renamed file of another type is refused. */
  allowedFileTypes?: readonly string[] | undefined;
  /** Where the file goes instead of POST /files (a route with the same checks and answer). */
  uploadUrl?: string | undefined;
}) {
  const { fileCategory, expectName, allowedFileTypes, uploadUrl } = options;
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [warnings, setWarnings] = useState<{ file: UploadedFile; handlers: UploadHandlers }[]>([]);
  const live = useRef({ controllers: new Set<AbortController>(), mounted: true });
  useEffect(() => {
    const state = live.current;
    state.mounted = true;
    return () => {
      state.mounted = false;
      for (const controller of state.controllers) controller.abort();
    };
  }, []);

  const run = useCallback(
    async (file: File, handlers: UploadHandlers) => {
      const key = nextKey();
      const controller = new AbortController();
      live.current.controllers.add(controller);
      const update = (patch: Partial<PendingUpload>) =>
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));
      const drop = () => setUploads((list) => list.filter((u) => u.key !== key));
      setUploads((list) => [
        ...list,
        { key, name: file.name, size: file.size, progress: 0, checking: false, controller },
      ]);
      let result: UploadedFile;
      try {
        result = await uploadAndCheck(file, {
          fileCategory,
          expectName,
          allowedFileTypes,
          uploadUrl,
          signal: controller.signal,
          onProgress: (percent) => update({ progress: percent, checking: percent >= 100 }),
          onUploaded: () => update({ progress: 100, checking: true }),
        });
      } catch (error) {
        if (!live.current.mounted) return;
        drop();
        // A cancelled upload says nothing more; refusals got the catalogue's snackbar already.
        if (controller.signal.aborted || (error instanceof ApiError && error.cancelled)) return;
        handlers.onFailed({ kind: 'error', error });
        return;
      } finally {
        live.current.controllers.delete(controller);
      }
      if (!live.current.mounted) return;
      drop();
      if (result.state === 'ERROR') handlers.onFailed({ kind: 'unusable', file: result });
      // A renamed file passes the checks by name (a PNG called .pdf); the server read its content.
      else if (allowedFileTypes && !isAllowedMime(result.mimeType, allowedFileTypes)) {
        const message = FILE_TEXT.wrongType(allowedFileTypes);
        notify(ruleText(message), 'error');
        handlers.onFailed({ kind: 'wrong-type', file: result, message });
      } else if (result.state === 'WARNING') setWarnings((list) => [...list, { file: result, handlers }]);
      else handlers.onAccepted(result);
    },
    [fileCategory, expectName, allowedFileTypes, uploadUrl],
  );

  const start = useCallback(
    (file: File, handlers: UploadHandlers) => {
      // Fire and forget: every outcome, a failure included, reaches the handlers.
      void run(file, handlers);
    },
    [run],
  );

  const waiting = warnings[0] ?? null;
  const notClear = {
    file: waiting?.file ?? null,
    onProceed: () => {
      setWarnings((list) => list.slice(1));
      if (waiting) waiting.handlers.onAccepted(waiting.file);
    },
    onUploadAgain: () => {
      setWarnings((list) => list.slice(1));
      waiting?.handlers.onUploadAgain();
    },
  };

  return {
    uploads,
    /** Files not settled yet: uploading, being checked, or waiting in the not-clear dialog. */
    pending: uploads.length + warnings.length,
    start,
    notClear,
  };
}
