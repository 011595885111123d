// Uploading a file to the chat (docs/attachments.md) with XMLHttpRequest, the one browser API that
// reports upload progress; fetch cannot yet. Resolves with the attachment to send in a message;
// rejects with an UploadError (the HTTP status, 0 when the network failed, and the server's
// English text: each side words it in its own language), or an AbortError when `signal` aborts.
import type { Attachment } from "./core/wire.gen";

/** A refused or failed upload: `status` 413 too large, 415 type not allowed, 0 no network … */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    serverText?: string,
  ) {
    super(serverText || (status ? `The upload failed (${status}).` : "The upload failed: check your connection."));
  }
}

export type UploadOptions = {
  /** Extra request headers (the console's CSRF token). */
  headers?: Record<string, string>;
  /** Sent with the session cookie (the console, same origin). */
  credentials?: boolean;
  /** 0 to 1, as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export function uploadFile(url: string, file: Blob & { name?: string }, o: UploadOptions = {}): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = !!o.credentials;
    for (const [k, v] of Object.entries(o.headers || {})) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => e.lengthComputable && o.onProgress?.(e.loaded / e.total);
    const abort = () => xhr.abort();
    o.signal?.addEventListener("abort", abort);
    const done = () => o.signal?.removeEventListener("abort", abort);
    xhr.onload = () => {
      done();
      let body: { error?: string } & Partial<Attachment> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: a proxy's page */
      }
      if (xhr.status == 201 && body.url) resolve(body as Attachment);
      else reject(new UploadError(xhr.status, body.error));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(0));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException("The upload was cancelled.", "AbortError"));
    };
    const form = new FormData();
    form.append("file", file, file.name || "file");
    xhr.send(form);
  });
}
