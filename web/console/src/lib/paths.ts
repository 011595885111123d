// Paths into the config as the server's validation names them: `buttons[0].options.scale`.
// The editor reads and writes fields by these paths, so a problem finds its field by equality.

type Key = string | number;

export function parsePath(path: string): Key[] {
  const keys: Key[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) keys.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return keys;
}

export function joinPath(...parts: Key[]): string {
  return parts.reduce<string>((p, k) => (typeof k === "number" ? `${p}[${k}]` : p ? `${p}.${k}` : k), "");
}

export function getAt(root: unknown, path: string): unknown {
  let v: unknown = root;
  for (const k of parsePath(path)) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<Key, unknown>)[k];
  }
  return v;
}

/**
 * A copy of `root` with the value at `path` replaced; `undefined` removes the key (optional fields
 * left empty are absent, as the model reads them). Missing objects on the way are created.
 */
export function setAt<T>(root: T, path: string, value: unknown): T {
  const keys = parsePath(path);
  const go = (node: unknown, i: number): unknown => {
    const k = keys[i];
    const copy: Record<Key, unknown> | unknown[] = Array.isArray(node)
      ? [...node]
      : node && typeof node === "object"
        ? { ...(node as object) }
        : typeof k === "number"
          ? []
          : {};
    const rec = copy as Record<Key, unknown>;
    if (i === keys.length - 1) {
      if (value === undefined && !Array.isArray(copy)) delete rec[k];
      else rec[k] = value;
    } else {
      rec[k] = go(rec[k], i + 1);
    }
    return copy;
  };
  return go(root, 0) as T;
}
