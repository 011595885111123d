// The chat's browser storage (spec §9): the visitor's persona, the open channel's id, the
// visitor's persona id on the server and when the legal notices were accepted. localStorage,
// falling back to memory for the page view when it is unavailable (shared/storage.ts).
import { createStorage, type Store } from "../../../shared/storage";
import { KEYS } from "../../../shared/storage-keys";
import type { ClientPersona } from "./types";

export type ChatStorage = {
  persona(): ClientPersona | null;
  setPersona(p: ClientPersona): void;
  channelId(): string | null;
  personaId(): string | null;
  /** Remembers the open chat (both ids). */
  setChannel(channelId: string, personaId: string): void;
  /** The seq of the last message the visitor saw in the stored chat, 0 when none. */
  readSeq(): number;
  setReadSeq(seq: number): void;
  /** Forgets the channel id (410: the chat has ended). */
  clearChannelId(): void;
  /** Forgets the channel id and persona id (End Chat). */
  clearChannel(): void;
  /** Forgets everything kept about the visitor (their data was erased): the profile too. */
  forget(): void;
  /** Unix ms of acceptance, 0 when not accepted. */
  legalNoticeAccepted(): number;
  setLegalNoticeAccepted(ts: number): void;
};

let shared: Store | undefined;
const defaultStore = (): Store =>
  (shared ||= createStorage(() => (typeof window != "undefined" ? window.localStorage : null)));

/** A persona read back from storage, or null when absent or not of the stored shape. */
export function parsePersona(raw: string | null): ClientPersona | null {
  if (!raw) return null;
  try {
    const p = JSON.parse(raw);
    if (!p || typeof p != "object" || typeof p.name != "string" || typeof p.email != "string") return null;
    if (!p.name.trim() || !p.email.trim()) return null;
    return {
      name: p.name,
      email: p.email,
      ip: typeof p.ip == "string" ? p.ip : null,
      url: typeof p.url == "string" ? p.url : null,
      legalNoticeAccepted: Number(p.legalNoticeAccepted) > 0 ? Number(p.legalNoticeAccepted) : 0,
    };
  } catch {
    return null;
  }
}

export function chatStorage(store: Store = defaultStore()): ChatStorage {
  const str = (k: string) => store.get(k) || null;
  return {
    persona: () => parsePersona(store.get(KEYS.persona)),
    setPersona(p) {
      store.set(KEYS.persona, JSON.stringify(p));
      if (p.legalNoticeAccepted) store.set(KEYS.legalNoticeAccepted, String(p.legalNoticeAccepted));
    },
    channelId: () => str(KEYS.channelId),
    personaId: () => str(KEYS.personaId),
    setChannel(channelId, personaId) {
      store.set(KEYS.channelId, channelId);
      store.set(KEYS.personaId, personaId);
    },
    readSeq: () => Number(store.get(KEYS.readSeq)) || 0,
    setReadSeq: (seq) => store.set(KEYS.readSeq, String(seq)),
    clearChannelId() {
      store.remove(KEYS.channelId);
      store.remove(KEYS.readSeq);
    },
    clearChannel() {
      store.remove(KEYS.channelId);
      store.remove(KEYS.personaId);
      store.remove(KEYS.readSeq);
    },
    forget() {
      for (const k of Object.values(KEYS)) store.remove(k);
    },
    legalNoticeAccepted() {
      const v = Number(store.get(KEYS.legalNoticeAccepted));
      return v > 0 ? v : 0;
    },
    setLegalNoticeAccepted: (ts) => store.set(KEYS.legalNoticeAccepted, String(ts)),
  };
}
