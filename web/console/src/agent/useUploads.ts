// The files an agent adds to a reply before sending it: each is checked against the domain's
// limits first (lib: the widget's fileProblem), then uploaded at once with its progress, and may
// be cancelled or removed; a reply is sent with those uploaded.
import { useCallback, useEffect, useRef, useState } from "react";
import { fileProblem, uploadFile } from "@beckon/widget";
import { api, csrfHeaders } from "../api/http";
import type { Attachment, AttachmentLimits } from "../api/types";

export type Upload = {
  key: string;
  name: string;
  size: number;
  /** 0 to 1. */
  progress: number;
  attachment?: Attachment;
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
        const problem = limits.current ? fileProblem(file, limits.current) : null;
        const u: Upload = { key, name: file.name, size: file.size, progress: 0, abort: new AbortController(), error: problem ?? undefined };
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
  const busy = uploads.some((u) => !u.attachment && !u.error);
  return { uploads, add, remove, clear, ready, busy };
}
