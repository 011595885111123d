// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { chatStorage, parsePersona } from "../../../src/app/chat/core/storage";
import { KEYS } from "../../../src/shared/storage-keys";
import { createStorage } from "../../../src/shared/storage";

const ann = { name: "Ann", email: "ann@example.com", ip: null, url: "https://shop.example/", legalNoticeAccepted: 0 };

describe("chat storage (spec §9)", () => {
  afterEach(() => localStorage.clear());

  it("keeps persona, channel id, persona id and legal acceptance under clear keys", () => {
    const s = chatStorage(createStorage(() => localStorage));
    expect(s.persona()).toBeNull();
    s.setPersona({ ...ann, legalNoticeAccepted: 1700000000000 });
    s.setChannel("c-1", "p-1");
    expect(JSON.parse(localStorage.getItem(KEYS.persona)!).name).toBe("Ann");
    expect(localStorage.getItem("cnb.chat.channel-id")).toBe("c-1");
    expect(localStorage.getItem("cnb.chat.persona-id")).toBe("p-1");
    expect(localStorage.getItem("cnb.chat.legal-notice-accepted")).toBe("1700000000000");
    expect(s.persona()).toEqual({ ...ann, legalNoticeAccepted: 1700000000000 });
    expect(s.legalNoticeAccepted()).toBe(1700000000000);
  });

  it("410 clears the channel id; End Chat clears channel and persona ids, keeping the profile", () => {
    const s = chatStorage(createStorage(() => localStorage));
    s.setPersona(ann);
    s.setChannel("c-1", "p-1");
    s.clearChannelId();
    expect(s.channelId()).toBeNull();
    expect(s.personaId()).toBe("p-1");
    s.setChannel("c-2", "p-2");
    s.clearChannel();
    expect(s.channelId()).toBeNull();
    expect(s.personaId()).toBeNull();
    expect(s.persona()?.name).toBe("Ann");
  });

  it("falls back to memory when localStorage throws", () => {
    const s = chatStorage(
      createStorage(() => {
        throw new DOMException("denied", "SecurityError");
      }),
    );
    s.setPersona(ann);
    s.setChannel("c-1", "p-1");
    expect(s.persona()?.email).toBe("ann@example.com");
    expect(s.channelId()).toBe("c-1");
  });

  it("ignores a stored persona that is broken or incomplete", () => {
    expect(parsePersona("{")).toBeNull();
    expect(parsePersona('{"name":"","email":"a@b.co"}')).toBeNull();
    expect(parsePersona('{"name":"A"}')).toBeNull();
    expect(parsePersona('{"name":"A","email":"a@b.co","legalNoticeAccepted":"x"}')?.legalNoticeAccepted).toBe(0);
  });
});
