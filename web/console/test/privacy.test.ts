import { describe, expect, it } from "vitest";
import type { VisitorExport } from "../src/api/types";
import { exportFileName, exportSummary, retentionChoices, retentionLabel } from "../src/lib/privacy";

const conversation = (messages: number) => ({
  id: "c",
  site: "shop.example.com",
  status: "ended" as const,
  createdAt: "2026-11-01T10:00:00Z",
  endedAt: null,
  visitor: { name: "Ann", email: "ann@example.com", ip: null, url: null, consentAt: null },
  messages: Array.from({ length: messages }, (_, i) => ({ seq: i + 1, from: "visitor", name: null, text: "hi", attachments: [], createdAt: "2026-11-01T10:00:00Z" })),
  notes: [],
  rating: null,
});

describe("privacy (lib/privacy.ts)", () => {
  it("names each retention as an owner would say it", () => {
    expect(retentionLabel(null)).toBe("Until you erase them");
    expect(retentionLabel(30)).toBe("30 days");
    expect(retentionLabel(1)).toBe("1 day");
    expect(retentionLabel(365)).toBe("1 year");
    expect(retentionLabel(730)).toBe("2 years");
  });

  it("offers a retention set elsewhere beside the usual ones, in order", () => {
    expect(retentionChoices(90)).toEqual([null, 30, 90, 180, 365, 730]);
    expect(retentionChoices(45)).toEqual([null, 30, 45, 90, 180, 365, 730]);
  });

  it("sums up an export, and says when nothing is kept", () => {
    const data: VisitorExport = { email: "ann@example.com", exportedAt: "", conversations: [conversation(2), conversation(1)], files: [{ conversationId: "c", type: "image/png", url: "/f", name: "a.png" }] };
    expect(exportSummary(data)).toBe("2 conversations, 3 messages and 1 file of ann@example.com.");
    expect(exportSummary({ ...data, conversations: [], files: [] })).toBe("Nothing is kept about ann@example.com.");
  });

  it("makes a file name no file system refuses", () => {
    expect(exportFileName("Ann+Shop/..@Example.com")).toBe("beckon-visitor-data-ann_shop_..@example.com.json");
  });
});
