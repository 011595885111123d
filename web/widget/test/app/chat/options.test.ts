import { describe, expect, it } from "vitest";
import { modalOptions } from "../../../src/app/options";

describe("chat options (spec §3.4, §9): the modal options of a CHAT action", () => {
  it("defaults: the menu and the agent bar show unless turned off", () => {
    const o = modalOptions({ id: "a", actionType: "CHAT", actionValue: "" }, "chat");
    expect(o).toMatchObject({
      title: "Chat",
      subtext: undefined, // the chat picks its status line by who is online (presence.test.ts statusLine)
      messages: ["How can we help?"],
      placeholder: undefined, // the input's own default, 'Type your message'
      showMenuButton: true,
      showAgentBar: true,
    });
    // Other modals have neither unless turned on.
    expect(modalOptions({ id: "w", actionType: "WHATSAPP", actionValue: "1" }, "whatsapp")).toMatchObject({ showMenuButton: false, showAgentBar: false });
  });

  it("from the chatmodal-* properties", () => {
    const o = modalOptions(
      {
        id: "a",
        actionType: "CHAT",
        actionValue: "",
        labelText: "Talk",
        properties: {
          "chatmodal-header-subtext": "Back at 9",
          "chatmodal-messages": "Hi!\n\nAsk away",
          "chatmodal-placeholder-message": "Ask…",
          "chatmodal-show-agent-bar": "false",
          "chatmodal-show-menu-button": "0",
          "chatmodal-header-background-color": "#123",
          "chatmodal-header-text-color": "#fff",
          "chatmodal-height": "600",
        },
      },
      "chat",
    );
    expect(o).toMatchObject({ title: "Talk", subtext: "Back at 9", messages: ["Hi!", "Ask away"], placeholder: "Ask…", showAgentBar: false, showMenuButton: false, headerColor: "#123", headerTextColor: "#fff", height: 600 });
  });
});
