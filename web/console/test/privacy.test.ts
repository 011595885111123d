import { describe, expect, it } from "vitest";
import type { VisitorExport } from "../src/api/types";
import { erasedSummary, exportFileName, exportSummary, retentionChoices, retentionLabel } from "../src/lib/privacy";

const conversation = (messages: number) => ({
  id: "c",
  site: "shop.example.com",
  status: "ended" as const,
  createdAt: "2026-11-01T10:00:00Z",
  endedAt: null,
  endedBy: null,
  lastActivityAt: "2026-11-01T10:00:00Z",
  visitor: { name: "Ann", email: "ann@example.com", ip: null, url: null, consentAt: null, createdAt: "2026-11-01T10:00:00Z" },
  visit: { userAgent: null, country: null, referrer: null, timeZone: null, leftAt: null, pages: [] },
  read: null,
  messages: Array.from({ length: messages }, (_, i) => ({ seq: i + 1, from: "visitor", name: null, text: "hi", attachments: [], createdAt: "2026-11-01T10:00:00Z" })),
  notes: [],
  rating: null,
  mailsSentAt: [],
  webhookDeliveries: [],
});

describe("privacy (lib/privacy.ts)", () => {
  it("names each retention as an owner would say it", () => {
    expect(retentionLabel(null, "en")).toBe("Until you erase them");
    expect(retentionLabel(30, "en")).toBe("30 days");
    expect(retentionLabel(1, "en")).toBe("1 day");
    expect(retentionLabel(365, "en")).toBe("1 year");
    expect(retentionLabel(730, "en")).toBe("2 years");
    expect([retentionLabel(null, "de"), retentionLabel(30, "de"), retentionLabel(365, "es")]).toEqual(["Bis Sie sie löschen", "30 Tage", "1 año"]);
  });

  it("offers a retention set elsewhere beside the usual ones, in order", () => {
    expect(retentionChoices(90)).toEqual([null, 30, 90, 180, 365, 730]);
    expect(retentionChoices(45)).toEqual([null, 30, 45, 90, 180, 365, 730]);
  });

  it("sums up an export, and says when nothing is kept", () => {
    const data: VisitorExport = { email: "ann@example.com", exportedAt: "", conversations: [conversation(2), conversation(1)], files: [{ conversationId: "c", type: "image/png", url: "/f", name: "a.png", uploader: "visitor", createdAt: "2026-11-01T10:00:00Z" }] };
    expect(exportSummary(data, "en")).toBe("2 conversations, 3 messages and 1 file of ann@example.com.");
    expect(exportSummary({ ...data, conversations: [], files: [] }, "en")).toBe("Nothing is kept about ann@example.com.");
    expect(exportSummary(data, "de")).toBe("2 Gespräche, 3 Nachrichten und 1 Datei von ann@example.com.");
  });

  it("says what erasing removed, one and many", () => {
    expect(erasedSummary({ conversations: 1, files: 0 }, "ann@example.com", "en")).toBe("Erased 1 conversation and 0 files of ann@example.com.");
    expect(erasedSummary({ conversations: 2, files: 1 }, "ann@example.com", "es")).toBe("Datos de ann@example.com borrados: 2 conversaciones y 1 archivo.");
  });

  it("makes a file name no file system refuses", () => {
    expect(exportFileName("Ann+Shop/..@Example.com")).toBe("beckon-visitor-data-ann_shop_..@example.com.json");
  });
});
