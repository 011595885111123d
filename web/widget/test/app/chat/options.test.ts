import { describe, expect, it } from "vitest";
import { chatOptions } from "../../../src/app/chat/options";

describe("chat options (spec §3.4, §9)", () => {
  it("defaults", () => {
    const o = chatOptions({ id: "a", actionType: "CHAT", actionValue: "" });
    expect(o).toMatchObject({
      title: "Chat",
      statusText: "We typically respond in 35 minutes",
      welcome: ["How can we help?"],
      placeholder: "Type your message",
      showMenuButton: true,
      showAgentBar: true,
    });
  });

  it("from the chatmodal-* properties", () => {
    const o = chatOptions({
      id: "a",
      actionType: "CHAT",
      actionValue: "",
      labelText: "Talk",
      properties: {
        "chatmodal-header-subtext": "Back at 9",
        "chatmodal-messages": "Hi!\n\nAsk away",
        "chatmodal-placeholder-message": "Ask…",
        "chatmodal-show-agent-bar": "false",
        "chatmodal-header-background-color": "#123",
        "chatmodal-height": "600",
      },
    });
    expect(o).toMatchObject({ title: "Talk", statusText: "Back at 9", welcome: ["Hi!", "Ask away"], placeholder: "Ask…", showAgentBar: false, headerColor: "#123", height: 600 });
  });
});
