import { API_PATHS, SERVICE_BASES, type FileUploadResponse } from '@veridocs/shared';
import { multipart, pdfOfSize, pngOfSize } from '../modules/files/test-files.js';
import { expectCode, type TestApp } from './test-app.js';

let pdf: Promise<Buffer> | undefined;
let png: Promise<Buffer> | undefined;

/**
 * Uploads a document as the candidate (POST /files, the real checks): a text PDF (COMPLETED), or a
 * 600 × 400 PNG, which the checks answer WARNING (TOO_SMALL). Generated once per test file.
 */
export async function uploadDocument(
  t: TestApp,
  headers: Record<string, string>,
  kind: 'pdf' | 'png' = 'pdf',
): Promise<FileUploadResponse> {
  const data = await (kind === 'pdf' ? (pdf ??= pdfOfSize(60_000)) : (png ??= pngOfSize(60_000)));
  const body = multipart([
    {
      name: 'file',
      filename: kind === 'pdf' ? 'document.pdf' : 'scan.png',
      contentType: kind === 'pdf' ? 'application/pdf' : 'image/png',
      data,
    },
  ]);
  const res = await t.request({
    method: 'POST',
    url: `${SERVICE_BASES.utility}${API_PATHS.files.upload}`,
    headers: { ...body.headers, ...headers },
    payload: body.payload,
  });
  return expectCode<FileUploadResponse>(res, 0, 200);
}
