// The organisation's canned replies, as the console holds them: one copy for the reply box's "/"
// list, the navigation (whether this account may manage them) and the management screen, fetched
// when first needed and again after every change (made here, or anywhere: the socket's
// `canned-changed`, AgentContext.tsx). Kept per account, so that another
// login in the same tab never sees the previous account's replies.
import { useEffect, useSyncExternalStore } from "react";
import { api } from "../api/http";
import type { CannedReplyList } from "../api/types";

let held: { userId: string; list: CannedReplyList } | null = null;
let asking: string | null = null;
const listeners = new Set<() => void>();

const tell = () => listeners.forEach((l) => l());

/** Fetches the list again for `userId` (after a change, or the first time). */
export async function refreshCanned(userId: string): Promise<void> {
  asking = userId;
  try {
    const list = await api.GET("/api/v1/agent/canned-replies");
    held = { userId, list };
    tell();
  } finally {
    if (asking === userId) asking = null;
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The list for `userId`; null until it has come. */
export function useCanned(userId: string): CannedReplyList | null {
  const snapshot = useSyncExternalStore(subscribe, () => held);
  const mine = snapshot?.userId === userId ? snapshot.list : null;
  useEffect(() => {
    if (!mine && asking !== userId) refreshCanned(userId).catch(() => {});
  }, [mine, userId]);
  return mine;
}
