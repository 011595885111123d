import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { branded, CLOSE_MS, Modal, type ModalProps } from "../../src/app/modal/Modal";
import { MessageBar } from "../../src/app/modal/MessageBar";
import { setLanguage } from "../../src/app/i18n/index";
import { en } from "../../src/app/i18n/en";

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute("dir");
  document.body.innerHTML = "";
  vi.useRealTimers();
});

/** A page button that opens the modal, and the modal (unmounted on onClose). */
function Page(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open chat</button>
      {open ? (
        <Modal type="chat" title="Support" branding onClose={() => setOpen(false)} {...props}>
          <p>Body text</p>
        </Modal>
      ) : null}
    </>
  );
}

describe("Modal", () => {
  it("is a modal dialog named by its title and described by its subtext", () => {
    render(<Modal type="default" title="Talk to us" subtext="We answer fast" branding={false} onClose={() => {}} />);
    const d = screen.getByRole("dialog", { name: "Talk to us" });
    expect(d.getAttribute("aria-modal")).toBe("true");
    expect(d.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(d.getAttribute("aria-describedby")!)!.textContent).toBe("We answer fast");
    expect(d.classList.contains("cnb-m-default")).toBe(true);
  });

  it("moves focus in on open and back to the opener after closing", async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole("button", { name: "Open chat" });
    await user.click(opener);
    const d = screen.getByRole("dialog", { name: "Support" });
    expect(d.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(d.classList.contains("cnb-m-out")).toBe(true); // sliding out
    await act(() => new Promise((r) => setTimeout(r, CLOSE_MS + 20)));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("focuses an element marked data-autofocus, and returns focus to returnFocus", async () => {
    const user = userEvent.setup();
    const other = document.body.appendChild(document.createElement("button"));
    render(<Page returnFocus={other} footer={<MessageBar onSend={() => {}} autoFocus />} />);
    await user.click(screen.getByRole("button", { name: "Open chat" }));
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Type your message" }));
    await user.keyboard("{Escape}");
    await act(() => new Promise((r) => setTimeout(r, CLOSE_MS + 20)));
    expect(document.activeElement).toBe(other);
  });

  it("on a touch screen a text field marked data-autofocus is not focused on open (no keyboard yet): the dialog is", async () => {
    const user = userEvent.setup();
    const touch = vi.spyOn(window, "matchMedia").mockImplementation((q: string) => ({ matches: q == "(pointer: coarse)", media: q }) as MediaQueryList);
    try {
      render(<Page footer={<MessageBar onSend={() => {}} autoFocus />} />);
      await user.click(screen.getByRole("button", { name: "Open chat" }));
      expect(document.activeElement).toBe(screen.getByRole("dialog"));
    } finally {
      touch.mockRestore();
    }
  });

  it("closes on Esc after the ~200 ms slide-out", async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Modal type="chat" title="Chat" branding onClose={onClose} />);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.getByRole("dialog").classList.contains("cnb-m-out")).toBe(true);
    act(() => vi.advanceTimersByTime(CLOSE_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes at once under prefers-reduced-motion", async () => {
    vi.useFakeTimers();
    const mm = vi.spyOn(window, "matchMedia").mockImplementation((q: string) => ({ matches: /reduce/.test(q), media: q }) as MediaQueryList);
    const onClose = vi.fn();
    render(<Modal type="chat" title="Chat" branding onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    act(() => vi.advanceTimersByTime(0));
    expect(onClose).toHaveBeenCalledTimes(1);
    mm.mockRestore();
  });

  it("closes from outside when open turns false", () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const { rerender } = render(<Modal type="chat" title="Chat" branding onClose={onClose} />);
    rerender(<Modal type="chat" title="Chat" branding open={false} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(CLOSE_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("keeps Tab inside the dialog", async () => {
    const user = userEvent.setup();
    render(<Page showMenuButton onMenu={() => {}} footer={<MessageBar onSend={() => {}} initial="hi" />} />);
    await user.click(screen.getByRole("button", { name: "Open chat" }));
    const d = screen.getByRole("dialog");
    const seen = new Set<Element>();
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(d.contains(document.activeElement)).toBe(true);
      seen.add(document.activeElement!);
    }
    expect(seen.size).toBe(4); // menu, close, input, send
    await user.tab({ shift: true });
    expect(d.contains(document.activeElement)).toBe(true);
  });

  it("shows the branding line unless the domain is PRO", () => {
    expect(branded({ type: "PRO" })).toBe(false);
    for (const t of ["FREE", "STARTER", "UNKNOWN", undefined]) expect(branded({ type: t })).toBe(true);
    expect(branded(null)).toBe(true);
    const { rerender } = render(<Modal type="chat" title="Chat" branding onClose={() => {}} />);
    expect(screen.getByText("Powered by Beckon")).toBeTruthy();
    rerender(<Modal type="chat" title="Chat" branding={false} onClose={() => {}} />);
    expect(screen.queryByText("Powered by Beckon")).toBeNull();
  });

  it("has the optional menu button, agent bar and footer", async () => {
    const user = userEvent.setup();
    const onMenu = vi.fn();
    render(
      <Modal type="chat" title="Chat" branding={false} showMenuButton onMenu={onMenu} menuExpanded={false} agentBar={<span>Agent online</span>} footer={<span>foot</span>} onClose={() => {}}>
        body
      </Modal>,
    );
    const menu = screen.getByRole("button", { name: "Menu" });
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    await user.click(menu);
    expect(onMenu).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Agent online").closest(".cnb-m-ab")).toBeTruthy();
    expect(screen.getByText("foot").closest(".cnb-m-ft")).toBeTruthy();
    expect(screen.getByText("body").closest(".cnb-m-bd")).toBeTruthy();
  });

  it("has no menu button unless asked", () => {
    render(<Modal type="whatsapp" title="WhatsApp" branding onClose={() => {}} />);
    expect(screen.queryByRole("button", { name: "Menu" })).toBeNull();
  });

  it("mirrors on right-to-left pages", () => {
    document.documentElement.dir = "rtl";
    const { unmount } = render(<Modal type="chat" title="Chat" branding onClose={() => {}} />);
    const d = screen.getByRole("dialog");
    expect(d.classList.contains("cnb-m-rtl")).toBe(true);
    expect(d.getAttribute("dir")).toBe("rtl");
    unmount();
    document.documentElement.removeAttribute("dir");
    render(<Modal type="chat" title="Chat" branding onClose={() => {}} />);
    expect(screen.getByRole("dialog").classList.contains("cnb-m-rtl")).toBe(false);
  });

  it("is right to left in Arabic and Hebrew on a page without dir, and left to right in French", () => {
    for (const [lang, rtl] of [["ar", true], ["he", true], ["fr", false]] as const) {
      setLanguage(lang, en);
      const { unmount } = render(<Modal type="chat" title="Chat" branding onClose={() => {}} />);
      const d = screen.getByRole("dialog");
      expect(d.classList.contains("cnb-m-rtl"), lang).toBe(rtl);
      expect(d.getAttribute("dir"), lang).toBe(rtl ? "rtl" : null);
      unmount();
    }
    setLanguage("en", en);
  });

  it("paints the header from the type's default colour, 10 % lighter for the gradient", () => {
    const { rerender } = render(<Modal type="whatsapp" title="W" branding onClose={() => {}} />);
    const d = screen.getByRole("dialog");
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("#008069");
    expect(d.style.getPropertyValue("--cnb-m-h2c")).toBe("#1a8d78");
    expect(d.style.getPropertyValue("--cnb-m-htc")).toBe("#fff");
    rerender(<Modal type="facebook" title="W" branding onClose={() => {}} />);
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("#0a7cff");
    rerender(<Modal type="chat" title="W" branding headerColor="#abc" onClose={() => {}} />);
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("#abc");
    expect(d.style.getPropertyValue("--cnb-m-h2c")).toBe("#b3c2d1");
    rerender(<Modal type="chat" title="W" branding headerColor="red;x:y" onClose={() => {}} />);
    expect(d.style.getPropertyValue("--cnb-m-hc")).toBe("");
  });

  it("draws the header icon of every icon type", () => {
    const icon = (i: ModalProps["icon"]) => {
      cleanup();
      render(<Modal type="chat" title="Chat" icon={i} branding onClose={() => {}} />);
      return document.querySelector(".cnb-m-ic")!;
    };
    expect(icon(undefined).querySelector("path")!.getAttribute("d")).toMatch(/^M/);
    const font = icon({ type: "FONT", text: "whatsapp", color: "#ff0000" });
    expect(font.getAttribute("aria-hidden")).toBe("true");
    expect((font as HTMLElement).style.getPropertyValue("--cnb-m-icc")).toBe("#ff0000");
    expect(font.querySelector("path")!.getAttribute("d")).not.toBe(icon(undefined).querySelector("path")!.getAttribute("d"));
    expect(icon({ type: "FONT_MATERIAL", text: "no-such-icon" }).querySelector("svg")).toBeTruthy();
    const custom = icon({ type: "CUSTOM", image: "https://example.com/a b.png" });
    expect(custom.querySelector(".cnb-m-img")).toBeTruthy();
    expect((custom as HTMLElement).style.getPropertyValue("--cnb-m-img")).toBe('url("https://example.com/a%20b.png")');
    const svg = icon({ type: "SVG", text: '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>' });
    expect(svg.querySelector("img")!.getAttribute("src")).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(svg.querySelector("img")!.getAttribute("alt")).toBe("");
    expect(icon({ type: "SVG", text: "<script>" }).querySelector("img")).toBeNull();
    expect(icon({ type: "CUSTOM", image: "javascript:alert(1)" }).querySelector(".cnb-m-img")).toBeNull();
  });
});

describe("MessageBar", () => {
  it("sends the trimmed text on Enter, never an empty one; inputs are 16 px", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<MessageBar onSend={onSend} placeholder="Say hi" sendColor="#123456" />);
    const input = screen.getByRole("textbox", { name: "Say hi" });
    const send = screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(input, "   {Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await user.type(input, " hello {Enter}");
    expect(onSend).toHaveBeenCalledWith("hello");
    expect((input as HTMLInputElement).value).toBe("");
    expect((send.closest("form") as HTMLElement).style.getPropertyValue("--cnb-m-sc")).toBe("#123456");
  });

  it("starts from the prefilled text", () => {
    render(<MessageBar onSend={() => {}} initial="I have a question" />);
    expect((screen.getByRole("textbox") as HTMLInputElement).value).toBe("I have a question");
  });
});
