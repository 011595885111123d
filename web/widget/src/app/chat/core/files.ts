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

/** Why a file cannot be sent; each side words it in its own language. */
export type FileProblem = { kind: "tooLarge"; max: string } | { kind: "empty" } | { kind: "typeNotAccepted"; type: string };

/**
 * Why `file` cannot be sent, or null. The type is the browser's guess from the name: one it does
 * not know ("") is left to the server, which reads the bytes.
 */
export function checkFile(file: { size: number; type: string }, limits: AttachmentLimits): FileProblem | null {
  if (file.size > limits.maxBytes) return { kind: "tooLarge", max: sizeText(limits.maxBytes) };
  if (file.size == 0) return { kind: "empty" };
  if (file.type && !limits.types.includes(file.type)) return { kind: "typeNotAccepted", type: file.type };
  return null;
}

/** checkFile's problem in English (the console's words). */
export function fileProblem(file: { name: string; size: number; type: string }, limits: AttachmentLimits): string | null {
  const p = checkFile(file, limits);
  if (!p) return null;
  if (p.kind == "tooLarge") return `${file.name} is too large: at most ${p.max}.`;
  if (p.kind == "empty") return `${file.name} is empty.`;
  return `${file.name}: this type of file is not accepted (${p.type}).`;
}

/** Pictures shown in the thread (the server serves only these inline). */
export const isPicture = (type: string): boolean => ["image/png", "image/jpeg", "image/gif", "image/webp"].includes(type);
