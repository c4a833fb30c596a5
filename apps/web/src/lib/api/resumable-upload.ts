import {
  Upload,
  type DetailedError,
  type HttpRequest,
  type HttpResponse,
  type HttpStack,
} from 'tus-js-client';
import { ApiError, type ApiEnvelope } from '@veridocs/shared';
import {
  apiUrl,
  reportFailure,
  requestHeaders,
  sendThroughTransport,
  type RequestOptions,
  type TransportResponse,
} from '../api-client';

/**
 * Resumable uploads (tus 1.0.0, ADR 0050): 5 MB PATCHes, so one request on a 256 kbit/s link takes
 * under three minutes (the server's request timeout is 11); an answer that never came (a dropped
 * connection, a switch from Wi-Fi to mobile data) is retried from the server's offset after these waits.
 * tus-js-client keeps the upload's URL in localStorage by the file's fingerprint: picking the same file
 * again, also after a reload, resumes it.
 */
export const RESUMABLE = {
  chunkSize: 5 * 1024 * 1024,
  retryDelays: [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000],
};

/** An answer of the app's transport as tus-js-client reads it. */
class TransportAnswer implements HttpResponse {
  constructor(private readonly response: TransportResponse) {}
  getStatus() {
    return this.response.status;
  }
  getHeader(name: string) {
    return this.response.headers?.[name.toLowerCase()];
  }
  getBody() {
    const body = this.response.body;
    return typeof body === 'string' ? body : body == null ? '' : JSON.stringify(body);
  }
  getUnderlyingObject() {
    return this.response;
  }
}

/** One tus request through the app's transport: its guard, bearer, partner, language and trace headers. */
class TransportCall implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private progress: ((bytesSent: number) => void) | undefined;
  private readonly controller = new AbortController();
  constructor(
    private readonly method: string,
    private readonly url: string,
  ) {}
  getMethod() {
    return this.method;
  }
  getURL() {
    return this.url;
  }
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getHeader(name: string) {
    return this.headers[name];
  }
  setProgressHandler(handler: (bytesSent: number) => void) {
    this.progress = handler;
  }
  async send(body: unknown) {
    const progress = this.progress;
    const response = await sendThroughTransport({
      method: this.method,
      url: this.url,
      headers: requestHeaders(this.method, this.url, this.headers),
      body: body instanceof Blob || typeof body === 'string' ? body : null,
      signal: this.controller.signal,
      responseType: 'json',
      // Bytes sent are reported only by XMLHttpRequest: the transport takes it for a body.
      ...(body instanceof Blob && progress ? { onUploadProgress: ({ loaded }) => progress(loaded) } : {}),
    });
    return new TransportAnswer(response);
  }
  abort() {
    this.controller.abort();
    return Promise.resolve();
  }
  getUnderlyingObject() {
    return null;
  }
}

const transportStack: HttpStack = {
  createRequest: (method, url) => new TransportCall(method, url),
  getName: () => 'veridocs-transport',
};

/** The envelope's data of an answer, or null when it is not a success envelope. */
function envelopeOf(body: string): ApiEnvelope<unknown> | null {
  try {
    const parsed = JSON.parse(body) as ApiEnvelope<unknown>;
    return typeof parsed === 'object' && parsed !== null && typeof parsed.code === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** A finished upload's envelope from its HEAD (base64 of UTF-8 JSON), or '' without one. */
function resultHeader(response: HttpResponse): string {
  const encoded = response.getHeader('upload-result');
  if (!encoded) return '';
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
  } catch {
    return '';
  }
}

/** tus's failure as the app's ApiError: the server's envelope when it answered one. */
function toApiError(error: Error | DetailedError): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new ApiError('Network Error');
  const envelope = envelopeOf(response.getBody());
  const status = response.getStatus();
  return envelope
    ? new ApiError(envelope.message, { code: envelope.code, status, data: envelope.data })
    : new ApiError(`Request failed with status code ${status}`, { status });
}

const isCancelled = (error: Error | DetailedError) =>
  'causingError' in error && error.causingError instanceof ApiError && error.causingError.cancelled;

export interface ResumableOptions {
  /** Sent as Upload-Metadata, as POST /files takes its form fields. */
  fields: Record<string, string>;
  onProgress?: ((percent: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  mapError?: RequestOptions['mapError'];
}

/**
 * Sends `file` by tus to `endpoint` (an API path) and resolves to the envelope's data of the last PATCH,
 * which answers like POST /files. A refusal goes through the error catalogue (its snackbar) and
 * rejects with the ApiError; an abort (the signal) cancels the upload on the server too.
 */
export function uploadResumable(endpoint: string, file: File, options: ResumableOptions): Promise<unknown> {
  const { fields } = options;
  return new Promise((resolve, reject) => {
    let settled = false;
    const upload = new Upload(file, {
      endpoint: apiUrl(endpoint),
      httpStack: transportStack,
      chunkSize: RESUMABLE.chunkSize,
      retryDelays: RESUMABLE.retryDelays,
      metadata: { filename: file.name, filetype: file.type, ...fields },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // The same file for another field (or name check) is another upload.
      fingerprint: async () =>
        ['veridocs', endpoint, fields.fileCategory ?? '', fields.expectName ?? '', file.name, file.type]
          .concat(String(file.size), String(file.lastModified))
          .join('|'),
      // No answer (offline, a network switch) is retried whatever navigator.onLine says; a refusal is not.
      onShouldRetry: (error) => {
        if (isCancelled(error)) return false;
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onProgress: (sent, total) => {
        if (total > 0) options.onProgress?.(Math.min(100, Math.round((sent / total) * 100)));
      },
      onSuccess: ({ lastResponse }) => {
        settled = true;
        // The last PATCH's envelope; or, resuming an upload whose answer was lost, the server's HEAD
        // says it finished and carries the same envelope in Upload-Result.
        const envelope = envelopeOf(lastResponse.getBody()) ?? envelopeOf(resultHeader(lastResponse));
        if (envelope && envelope.code === 0) resolve(envelope.data);
        else
          fail(new ApiError('The upload finished without an answer', { status: lastResponse.getStatus() }));
      },
      onError: (error) => {
        settled = true;
        // The request guard ended the session (and said so): nothing more to report.
        if (isCancelled(error)) reject((error as DetailedError).causingError);
        else fail(toApiError(error));
      },
    });
    function fail(error: ApiError) {
      try {
        reportFailure(error, 'post', endpoint, { mapError: options.mapError });
      } catch (reported) {
        reject(reported);
      }
    }
    const onAbort = () => {
      if (settled) return;
      settled = true;
      void upload.abort(true).catch(() => undefined);
      reject(new ApiError('Request cancelled', { cancelled: true }));
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (settled) return;
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(() => upload.start());
  });
}
