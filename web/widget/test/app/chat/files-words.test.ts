// The files tray's words in the widget's language: a problem found before the upload and the
// server's refusals (413, 415, no network) each say what went wrong, in German here.
import { afterEach, describe, expect, it } from "vitest";
import { fileFault } from "../../../src/app/chat/core/files";
import { faultText, uploadErrorText } from "../../../src/app/chat/files/words";
import { UploadError } from "../../../src/app/chat/upload";
import { en } from "../../../src/app/i18n/en";
import de from "../../../src/app/i18n/locales/de";
import { setLanguage } from "../../../src/app/i18n/index";
import { withFallback } from "../../../src/app/i18n/merge";

type Tree = Parameters<typeof withFallback>[0];
const limits = { maxBytes: 10 * 1024 * 1024, types: ["image/png"] };

describe("files tray words", () => {
  afterEach(() => setLanguage("en", en));

  it("say what is wrong with a file before it is sent, in the widget's language", () => {
    setLanguage("de", withFallback(en as unknown as Tree, de as unknown as Tree));
    const words = (f: { name: string; size: number; type: string }) => faultText(f, fileFault(f, limits)!, limits);
    expect(words({ name: "a.png", size: 11 * 1024 * 1024, type: "image/png" })).toBe("a.png ist zu groß: höchstens 10 MB.");
    expect(words({ name: "a.png", size: 0, type: "image/png" })).toBe("a.png ist leer.");
    expect(words({ name: "a.html", size: 5, type: "text/html" })).toBe("a.html: Dieser Dateityp wird nicht angenommen (text/html).");
  });

  it("word the server's refusals by status, not the server's English", () => {
    setLanguage("de", withFallback(en as unknown as Tree, de as unknown as Tree));
    expect(uploadErrorText("a.png", new UploadError(413, "too large: at most 10 MB"))).toBe("a.png ist zu groß.");
    expect(uploadErrorText("a.svg", new UploadError(415, "type not allowed"))).toBe("a.svg: Dieser Dateityp wird nicht angenommen.");
    expect(uploadErrorText("a.png", new UploadError(0))).toBe("Das Hochladen ist fehlgeschlagen: Bitte prüfen Sie Ihre Verbindung.");
    expect(uploadErrorText("a.png", new UploadError(502))).toBe("Das Hochladen ist fehlgeschlagen (502).");
  });

  it("keep the server's text for the console, which words none of them", () => {
    expect(new UploadError(413, "too large: at most 10 MB").message).toBe("too large: at most 10 MB");
    expect(new UploadError(0).message).toBe("The upload failed: check your connection.");
  });
});
