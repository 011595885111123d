// Files in a chat (docs/attachments.md), for the widget and the console alike: checking a chosen
// file against the domain's limits before it is uploaded (the server checks again, reading the
// type from the bytes), sizes as people read them, and which files show as pictures.
import type { AttachmentLimits } from "./wire.gen";

/** A size in the largest unit it reaches: [2.5, "MB"], [512, "KB"], [100, "bytes"] (the console words it in its language). */
export function sizeIn(bytes: number): [number, "MB" | "KB" | "bytes"] {
  const MB = 1024 * 1024;
  if (bytes >= MB) return [Number((bytes / MB).toFixed(1)), "MB"];
  if (bytes >= 1024) return [Math.floor(bytes / 1024), "KB"];
  return [bytes, "bytes"];
}

/** "10 MB", "2.5 MB", "512 KB", "100 bytes" (as the server words its limit). */
export const sizeText = (bytes: number): string => sizeIn(bytes).join(" ");

/** Why a file cannot be sent, as a word each side puts in its own language. */
export type FileFault = "tooLarge" | "empty" | "notAccepted";

/**
 * Why `file` cannot be sent, or null. The type is the browser's guess from the name: one it does
 * not know ("") is left to the server, which reads the bytes.
 */
export function fileFault(file: { size: number; type: string }, limits: AttachmentLimits): FileFault | null {
  if (file.size > limits.maxBytes) return "tooLarge";
  if (file.size == 0) return "empty";
  if (file.type && !limits.types.includes(file.type)) return "notAccepted";
  return null;
}

/** Pictures shown in the thread (the server serves only these inline). */
export const isPicture = (type: string): boolean => ["image/png", "image/jpeg", "image/gif", "image/webp"].includes(type);
