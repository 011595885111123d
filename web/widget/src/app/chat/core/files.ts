// Files in a chat (docs/attachments.md), for the widget and the console alike: checking a chosen
// file against the domain's limits before it is uploaded (the server checks again, reading the
// type from the bytes), sizes as people read them, and which files show as pictures.
import type { AttachmentLimits } from "./wire.gen";

/** "10 MB", "2.5 MB", "512 KB", "100 bytes" (as the server words its limit). */
export function sizeText(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, "")} MB`;
  if (bytes >= 1024) return `${Math.floor(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * Why `file` cannot be sent, or null. The type is the browser's guess from the name: one it does
 * not know ("") is left to the server, which reads the bytes.
 */
export function fileProblem(file: { name: string; size: number; type: string }, limits: AttachmentLimits): string | null {
  if (file.size > limits.maxBytes) return `${file.name} is too large: at most ${sizeText(limits.maxBytes)}.`;
  if (file.size == 0) return `${file.name} is empty.`;
  if (file.type && !limits.types.includes(file.type)) return `${file.name}: this type of file is not accepted (${file.type}).`;
  return null;
}

/** Pictures shown in the thread (the server serves only these inline). */
export const isPicture = (type: string): boolean => ["image/png", "image/jpeg", "image/gif", "image/webp"].includes(type);
