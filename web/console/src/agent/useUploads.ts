// The files an agent adds to a reply before sending it: each is checked against the domain's
// limits first (the widget's fileFault, worded by lib/files.ts), then uploaded at once with its
// progress, and may be cancelled or removed; a reply is sent with those uploaded.
import { useCallback, useEffect, useRef, useState } from "react";
import { fileFault, uploadFile } from "@beckon/widget";
import { api, csrfHeaders } from "../api/http";
import type { Attachment, AttachmentLimits } from "../api/types";
import type { FileProblem } from "../lib/files";

export type Upload = {
  key: string;
  name: string;
  size: number;
  /** 0 to 1. */
  progress: number;
  attachment?: Attachment;
  /** Refused before uploading (worded in the console's language when shown). */
  problem?: FileProblem;
  /** The upload failed: the server's or the network's words. */
  error?: string;
  abort: AbortController;
};

let nextKey = 0;

export function useUploads(channelId: string) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const limits = useRef<AttachmentLimits | null>(null);
  useEffect(() => {
    limits.current = null;
    api.GET("/api/v1/agent/channels/{id}/attachments", { params: { path: { id: channelId } } }).then(
      (l) => (limits.current = l),
      () => {},
    );
    return () => setUploads((list) => (list.forEach((u) => u.abort.abort()), []));
  }, [channelId]);

  const change = (key: string, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const add = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const key = `u${nextKey++}`;
        const l = limits.current;
        const fault = l && fileFault(file, l);
        const problem = fault ? { fault, name: file.name, type: file.type, maxBytes: l.maxBytes } : undefined;
        const u: Upload = { key, name: file.name, size: file.size, progress: 0, abort: new AbortController(), problem };
        setUploads((list) => [...list, u]);
        if (problem) continue;
        uploadFile(`/api/v1/agent/channels/${encodeURIComponent(channelId)}/attachments`, file, {
          headers: csrfHeaders(),
          credentials: true,
          signal: u.abort.signal,
          onProgress: (progress) => change(key, { progress }),
        }).then(
          (attachment) => change(key, { attachment, progress: 1 }),
          (e: Error) => {
            if (e.name !== "AbortError") change(key, { error: e.message });
          },
        );
      }
    },
    [channelId],
  );

  /** Cancels an upload on its way, or takes a file off the reply. */
  const remove = useCallback((key: string) => {
    setUploads((list) => list.filter((u) => (u.key === key ? (u.abort.abort(), false) : true)));
  }, []);

  const clear = useCallback(() => setUploads([]), []);
  const ready = uploads.filter((u) => u.attachment).map((u) => u.attachment!);
  const busy = uploads.some((u) => !u.attachment && !u.error && !u.problem);
  return { uploads, add, remove, clear, ready, busy };
}
