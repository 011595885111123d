// A link within the console: a real <a href> (open in a new tab, copy the address), followed by
// the router on a plain click so the page does not reload (lib/router.ts).
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { BASE, navigate } from "../lib/router";

export function Link({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
    rest.onClick?.(e);
  };
  return <a {...rest} href={BASE + to} onClick={onClick} />;
}
