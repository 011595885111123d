// The app's own chunks, beside it (app.build.mjs builds each into dist/beckon-{name}.js and turns
// these imports into imports of those files; the tests import the sources): parts few visitors
// use, kept out of the app chunk and loaded on first need, or ahead of it (useChunk).
import { useEffect, useState } from "react";

const CHUNKS = {
  /** What an ended chat shows: rating, transcript (chat/ended.tsx). */
  ended: () => import("./chat/ended"),
  /** The files tray (chat/files/FilesTray.tsx), on the first file a visitor adds. */
  files: () => import("./chat/files/FilesTray"),
  /** The surfaces that hand over to a third party's SDK: Messenger's plugin, Intercom (surfaces/handed-over.ts). */
  sdk: () => import("./surfaces/handed-over"),
  /** What the chat needs once it runs but not to paint: realtime client, page watch, away notice (chat/live.ts). */
  live: () => import("./chat/live"),
  /** A link from the visitor's e-mail (continued.ts). */
  continued: () => import("./continued"),
};
type Chunks = typeof CHUNKS;
export type Chunk<K extends keyof Chunks> = Awaited<ReturnType<Chunks[K]>>;

const loads: Partial<Record<keyof Chunks, Promise<unknown>>> = {};
/** The chunks that are in: a window opened again has them in its first render. */
const loaded: { [K in keyof Chunks]?: Chunk<K> } = {};

/** Loads a chunk once; a failed load is tried again on the next call. */
export function loadChunk<K extends keyof Chunks>(name: K): Promise<Chunk<K>> {
  const load = (loads[name] ||= CHUNKS[name]().then((m) => (loaded[name] = m as never)));
  load.catch(() => loads[name] == load && delete loads[name]);
  return load as Promise<Chunk<K>>;
}

/** A chunk's module once it is in (null before), loaded as soon as `wanted`. */
export function useChunk<K extends keyof Chunks>(name: K, wanted: boolean): Chunk<K> | null {
  const [module, setModule] = useState<Chunk<K> | null>(() => loaded[name] || null);
  useEffect(() => {
    if (wanted && !module) loadChunk(name).then(setModule, () => {});
  }, [name, wanted, module]);
  return module;
}
