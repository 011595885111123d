// What the files tray says about a file it cannot send, in the widget's language: a fault found
// before the upload (core/files.ts fileFault) or the server's refusal (upload.ts UploadError).
import { t } from "../../i18n/index";
import { sizeText, type FileFault } from "../core/files";
import type { AttachmentLimits } from "../core/wire.gen";
import { UploadError } from "../upload";

export function faultText(file: { name: string; type: string }, fault: FileFault, limits: AttachmentLimits): string {
  const name = file.name;
  if (fault == "tooLarge") return t("files.tooLarge", { name, max: sizeText(limits.maxBytes) });
  if (fault == "empty") return t("files.empty", { name });
  return t("files.typeNotAccepted", { name, type: file.type });
}

/** A failed upload: the server's 413 and 415 say what was wrong, the rest say it failed. */
export function uploadErrorText(name: string, e: Error): string {
  const status = e instanceof UploadError ? e.status : -1;
  if (status == 0) return t("files.offline");
  if (status == 413) return t("files.refusedSize", { name });
  if (status == 415) return t("files.refusedType", { name });
  return t("files.failed", { status: status > 0 ? status : "?" });
}
