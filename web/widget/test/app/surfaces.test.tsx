import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { Action } from "../../src/config/types.gen";
import type { SurfaceContext, SurfaceProps } from "../../src/app/context";
import { Welcome } from "../../src/app/surfaces/Welcome";
import { messengerUrl, Popout, whatsappUrl } from "../../src/app/surfaces/Popout";
import { Frame } from "../../src/app/surfaces/Frame";
import { modalOptions } from "../../src/app/options";
import { actionLink } from "../../src/loader/actions/links";

const loadScript = vi.hoisted(() => vi.fn());
vi.mock("../../src/app/surfaces/script", () => ({ loadScript }));
const { FacebookWidget, FACEBOOK_SDK } = await import("../../src/app/surfaces/Facebook");
const { Intercom, intercomError, intercomSettings } = await import("../../src/app/surfaces/Intercom");

const action = (actionType: Action["actionType"], actionValue: string, properties: Record<string, string> = {}, more: Partial<Action> = {}): Action => ({
  id: "a-" + actionType.toLowerCase(),
  actionType,
  actionValue,
  properties,
  ...more,
});

const ctx = (over: Partial<SurfaceContext> = {}): SurfaceContext => ({
  config: { userId: "u", domains: [], buttons: [] },
  domain: { id: "d", name: "shop.test", type: "FREE" },
  trigger: null,
  staticRoot: "/static/",
  debug: false,
  emit: () => {},
  ...over,
});

const props = (a: Action, over: Partial<SurfaceProps> = {}): SurfaceProps => ({ action: a, ctx: ctx(), open: true, onClosed: vi.fn(), returnFocus: null, ...over });

/** A script that cannot load (rejects on the next task, as a failed request does). */
const offline = () => new Promise((_, no) => setTimeout(no, 0, new Error("offline")));
beforeEach(() => {
  loadScript.mockReset(); // (a returned function would be run as a teardown)
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const texts = () => Array.from(document.querySelectorAll(".cnb-m-msg")).map((m) => m.textContent);
const typing = () => !!document.querySelector(".cnb-m-typing");
const at = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe("welcome messages", () => {
  it("show one by one every 2000 ms by default, with typing dots for the last 1500 ms before each", () => {
    vi.useFakeTimers();
    const o = modalOptions(action("WHATSAPP", "1", { "chatmodal-messages": "Hi!\nHow can we help?\nWe reply fast." }), "whatsapp");
    expect(o.spacing).toBe(2000);
    render(<Welcome messages={o.messages} animate={o.animate} spacing={o.spacing} />);
    expect(texts()).toEqual(["Hi!"]);
    expect(typing()).toBe(false);
    at(499);
    expect(typing()).toBe(false);
    at(1);
    expect(typing()).toBe(true); // 500 ms after the first message …
    at(1499);
    expect(typing()).toBe(true);
    expect(texts()).toEqual(["Hi!"]);
    at(1); // … for 2000 − 500 ms
    expect(texts()).toEqual(["Hi!", "How can we help?"]);
    expect(typing()).toBe(false);
    at(500);
    expect(typing()).toBe(true);
    at(1500);
    expect(texts()).toEqual(["Hi!", "How can we help?", "We reply fast."]);
    expect(typing()).toBe(false);
    at(10000);
    expect(typing()).toBe(false);
  });

  it("follow chatmodal-message-spacing", () => {
    vi.useFakeTimers();
    const o = modalOptions(action("WHATSAPP", "1", { "chatmodal-messages": "a\nb", "chatmodal-message-spacing": "800" }), "whatsapp");
    render(<Welcome messages={o.messages} animate={o.animate} spacing={o.spacing} />);
    at(499);
    expect(typing()).toBe(false);
    at(1);
    expect(typing()).toBe(true); // for 800 − 500 = 300 ms
    at(299);
    expect(texts()).toEqual(["a"]);
    at(1);
    expect(texts()).toEqual(["a", "b"]);
  });

  it("show all at once when animation is off, and the default welcome text without messages", () => {
    const o = modalOptions(action("WHATSAPP", "1", { "chatmodal-messages": "a\n\nb", "chatmodal-animate-messages": "false" }), "whatsapp");
    render(<Welcome messages={o.messages} animate={o.animate} spacing={o.spacing} />);
    expect(texts()).toEqual(["a", "b"]);
    expect(modalOptions(action("WHATSAPP", "1"), "whatsapp").messages).toEqual(["How can we help?"]);
    expect(screen.getByRole("log")).toBeTruthy();
  });
});

describe("WhatsApp pop-out", () => {
  const wa = action("WHATSAPP", "+31 6-1234 5678", { "whatsapp-dialog-type": "popout", message: "Hello there", "chatmodal-header-text": "Ask us" });

  it("is a whatsapp modal with the prefilled message whose text opens wa.me in a new tab", () => {
    const open = vi.spyOn(window, "open").mockReturnValue({} as Window);
    render(<Popout {...props(wa)} type="whatsapp" />);
    const d = screen.getByRole("dialog", { name: "Ask us" });
    expect(d.classList.contains("cnb-m-whatsapp")).toBe(true);
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("#008069");
    const input = screen.getByRole("textbox") as HTMLInputElement;
    expect(input.value).toBe("Hello there");
    fireEvent.input(input, { target: { value: "  I want 2 tickets & more " } });
    fireEvent.click(screen.getByRole("button", { name: "Send on WhatsApp" }));
    expect(open).toHaveBeenCalledWith("https://wa.me/31612345678?text=I%20want%202%20tickets%20%26%20more", "_blank");
  });

  it("builds wa.me and m.me links", () => {
    expect(whatsappUrl(wa, "")).toBe("https://wa.me/31612345678");
    const fb = action("FACEBOOK", "beckonpage", { "facebook-ref": "site", "facebook-dialog-type": "popout" });
    expect(messengerUrl(fb)).toBe("https://m.me/beckonpage?ref=site");
    expect(messengerUrl(fb, "hi you")).toBe("https://m.me/beckonpage?ref=site&text=hi%20you");
    expect(messengerUrl(action("FACEBOOK", "p"), "x")).toBe("https://m.me/p?text=x");
  });

  it("builds the same links as the loader's actionLink", () => {
    for (const [v, message] of [["+31 6-1234 5678", "Hi & bye"], ["0031 (6) 1234", ""], [" 0612 ", "é?"], ["", "x"]]) {
      const a = action("WHATSAPP", v, { message });
      expect(whatsappUrl(a, message)).toBe((actionLink(a) as { href: string }).href);
    }
    for (const [v, ref] of [["beckonpage", "site"], [" page.name ", ""], ["123", "a b"]]) {
      const a = action("FACEBOOK", v, { "facebook-ref": ref });
      expect(messengerUrl(a)).toBe((actionLink(a) as { href: string }).href);
    }
  });

  it("Facebook pop-out: a facebook modal with the welcome message, sent to m.me", () => {
    const open = vi.spyOn(window, "open").mockReturnValue({} as Window);
    const fb = action("FACEBOOK", "beckonpage", { "facebook-dialog-type": "popout", "facebook-welcome-message": "Hi from Facebook" });
    render(<Popout {...props(fb)} type="facebook" />);
    const d = screen.getByRole("dialog", { name: "Messenger" });
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("#0a7cff");
    expect(texts()).toEqual(["Hi from Facebook"]);
    fireEvent.input(screen.getByRole("textbox"), { target: { value: "yo" } });
    fireEvent.submit(screen.getByRole("textbox").closest("form")!);
    expect(open).toHaveBeenCalledWith("https://m.me/beckonpage?text=yo", "_blank");
  });

  it("leaves the branding line out for PRO domains", () => {
    render(<Popout {...props(wa, { ctx: ctx({ domain: { id: "d", name: "x", type: "PRO" } }) })} type="whatsapp" />);
    expect(screen.queryByText("Powered by Beckon")).toBeNull();
  });
});

describe("IFRAME and TALLY", () => {
  it("IFRAME: the page in a titled iframe, size and colours from the properties", () => {
    const a = action("IFRAME", " https://example.com/booking ", {
      "iframe-title": "Book a table",
      "chatmodal-width": "480",
      "chatmodal-height": "700px",
      "chatmodal-header-background-color": "#334455",
      "chatmodal-background-color": "#fafafa",
    });
    render(<Frame {...props(a)} />);
    const d = screen.getByRole("dialog", { name: "Book a table" });
    const f = d.querySelector("iframe")!;
    expect(f.getAttribute("src")).toBe("https://example.com/booking");
    expect(f.getAttribute("title")).toBe("Book a table");
    expect(d.classList.contains("cnb-m-iframe")).toBe(true);
    expect(d.style.getPropertyValue("--cnb-m-w")).toBe("480px");
    expect(d.style.getPropertyValue("--cnb-m-h")).toBe("700px");
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("#334455");
    expect(d.style.getPropertyValue("--cnb-m-bgc")).toBe("#fafafa");
  });

  it("IFRAME: the label, else 'Page', as the title", () => {
    render(<Frame {...props(action("IFRAME", "https://example.com", {}, { labelText: "Menu card" }))} />);
    expect(screen.getByTitle("Menu card").tagName).toBe("IFRAME");
    cleanup();
    render(<Frame {...props(action("IFRAME", "https://example.com"))} />);
    expect(screen.getByRole("dialog", { name: "Page" })).toBeTruthy();
  });

  it("TALLY: the form embed with its flags", () => {
    const a = action("TALLY", "https://tally.so/r/w4Xy9a", { "tally-transparent-background": "1", "tally-align-left": "false" });
    render(<Frame {...props(a)} />);
    const f = screen.getByTitle("Form");
    expect(f.getAttribute("src")).toBe("https://tally.so/embed/w4Xy9a?hideTitle=1&transparentBackground=1");
    expect(screen.getByRole("dialog", { name: "Form" })).toBeTruthy();
  });
});

describe("Facebook widget", () => {
  const fb = action("FACEBOOK", "beckonpage", { "facebook-dialog-type": "widget", "facebook-ref": "web" });

  it("loads the SDK on first use; when it cannot load, opens m.me in a new tab instead", async () => {
    loadScript.mockImplementation(offline);
    const open = vi.spyOn(window, "open").mockReturnValue({} as Window);
    const p = props(fb);
    render(<FacebookWidget {...p} />);
    expect(loadScript).toHaveBeenCalledWith(FACEBOOK_SDK, 4000);
    expect(FACEBOOK_SDK).toMatch(/connect\.facebook\.net/);
    await act(() => new Promise((r) => setTimeout(r, 5)));
    expect(open).toHaveBeenCalledWith("https://m.me/beckonpage?ref=web", "_blank");
    expect(p.onClosed).toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.querySelector(".fb-customerchat")).toBeNull(); // the plugin's placeholder is removed again
  });

  it("when the new tab is blocked too, a Messenger modal offers the link", async () => {
    loadScript.mockImplementation(offline);
    vi.spyOn(window, "open").mockReturnValue(null);
    const p = props(fb);
    render(<FacebookWidget {...p} />);
    await act(() => new Promise((r) => setTimeout(r, 5)));
    const link = await screen.findByRole("link", { name: "Continue in Messenger" });
    expect(link.getAttribute("href")).toBe("https://m.me/beckonpage?ref=web");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("dialog", { name: "Messenger" })).toBeTruthy();
    expect(p.onClosed).not.toHaveBeenCalled();
  });

  it("reveals the chat plugin once the SDK has run, in the default closed state", async () => {
    const w = window as unknown as { FB?: unknown; fbAsyncInit?: () => void };
    const show = vi.fn();
    const init = vi.fn();
    loadScript.mockImplementation(async () => {
      w.FB = { init, CustomerChat: { show, showDialog: vi.fn() } };
      w.fbAsyncInit!();
    });
    const open = vi.spyOn(window, "open");
    const p = props(fb);
    render(<FacebookWidget {...p} />);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(init).toHaveBeenCalledWith({ xfbml: true, version: "v16.0" });
    const chat = document.querySelector(".fb-customerchat")!;
    expect(chat.getAttribute("page_id")).toBe("beckonpage");
    expect(chat.getAttribute("greeting_dialog_display")).toBe("hide");
    expect(show).toHaveBeenCalledWith(false);
    expect(open).not.toHaveBeenCalled();
    expect(p.onClosed).toHaveBeenCalled();
    delete w.FB;
  });

  it("opens the plugin's dialog at once with facebook-widget-default-state open, and on later clicks", async () => {
    const w = window as unknown as { FB?: unknown; fbAsyncInit?: () => void };
    const show = vi.fn();
    const showDialog = vi.fn();
    loadScript.mockImplementation(async () => {
      w.FB = { init: vi.fn(), CustomerChat: { show, showDialog } };
      w.fbAsyncInit!();
    });
    const a = action("FACEBOOK", "beckonpage", { "facebook-dialog-type": "widget", "facebook-widget-default-state": "open" });
    render(<FacebookWidget {...props(a)} />);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(show).toHaveBeenCalledWith(true);
    expect([...document.querySelectorAll(".fb-customerchat")].pop()!.getAttribute("greeting_dialog_display")).toBe("show");
    cleanup();
    render(<FacebookWidget {...props(a)} />);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(loadScript).toHaveBeenCalledTimes(1); // loaded once
    expect(showDialog).toHaveBeenCalledTimes(1);
    delete w.FB;
  });
});

describe("Intercom", () => {
  const ic = action("INTERCOM", "abc123", { "intercom-alignment": "left", "intercom-horizontal-padding": "40", "intercom-vertical-padding": "x" });

  it("reads the alignment and paddings", () => {
    expect(intercomSettings(ic)).toEqual({ app_id: "abc123", alignment: "left", horizontal_padding: 40, vertical_padding: 20 });
    expect(intercomSettings(action("INTERCOM", "z")).alignment).toBe("right");
  });

  it("loads Intercom's script on click, boots it with the settings and shows it", async () => {
    loadScript.mockResolvedValue(undefined);
    const p = props(ic);
    render(<Intercom {...p} />);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(loadScript).toHaveBeenCalledWith("https://widget.intercom.io/widget/abc123", 10000);
    const w = window as unknown as { Intercom: { q: unknown[][] }; intercomSettings: object };
    expect(w.Intercom.q).toEqual([["boot", intercomSettings(ic)], ["show"]]);
    expect(p.onClosed).toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows an error in a modal when the script cannot load", async () => {
    loadScript.mockImplementation(offline);
    render(<Intercom {...props(action("INTERCOM", "other"))} />);
    expect(await screen.findByRole("dialog", { name: "Unable to connect" })).toBeTruthy();
    expect(screen.getByText(intercomError())).toBeTruthy();
  });
});
