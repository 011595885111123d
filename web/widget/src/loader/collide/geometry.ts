// Collision avoidance, the pure part: given the rectangles of the page's fixed or sticky elements
// (obstacles) and of a root of buttons where it would stand unmoved (home), how far the root moves
// so it no longer covers any of them. No DOM here: watch.ts measures and moves.

/** A rectangle in viewport pixels (what getBoundingClientRect gives). */
export type Rect = { left: number; top: number; right: number; bottom: number };
/** The root's placement: the edge it stands on and its side. */
export type Place = { edge: "bottom" | "top" | "middle"; side: "left" | "right" | "center" };
/** A move in pixels (translate x, y). */
export type Shift = { x: number; y: number };

/** Space kept between the buttons and an obstacle. */
export const GAP = 10;

const overlaps = (a: Rect, b: Rect, gap: number) =>
  a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;

const moved = (r: Rect, s: Shift): Rect => ({ left: r.left + s.x, right: r.right + s.x, top: r.top + s.y, bottom: r.bottom + s.y });

/**
 * Whether an element's rectangle counts as an obstacle: visible in the viewport (vw × vh), not
 * empty, and not a page-sized layer (a backdrop or full-screen overlay covers everything: moving
 * would not help, and the buttons stay where the visitor expects them).
 */
export function isObstacle(r: Rect, vw: number, vh: number): boolean {
  const w = Math.min(r.right, vw) - Math.max(r.left, 0);
  const h = Math.min(r.bottom, vh) - Math.max(r.top, 0);
  return w > 0 && h > 0 && w * h <= vw * vh * 0.5;
}

/**
 * Whether a sticky element stands stuck against a viewport edge (only then does it behave like a
 * fixed one; scrolling through the page it merely passes). top/bottom are its computed insets in
 * px, null when auto.
 */
export function isStuck(r: Rect, vh: number, top: number | null, bottom: number | null): boolean {
  return (top != null && Math.abs(r.top - top) < 1) || (bottom != null && Math.abs(vh - r.bottom - bottom) < 1);
}

/**
 * Moves home away from its edge (bottom: up, top: down, middle: up) past every obstacle it then
 * meets, one after another; null when it would leave the viewport.
 */
function along(home: Rect, obstacles: Rect[], place: Place, vh: number, gap: number): Shift | null {
  const s = { x: 0, y: 0 };
  for (let i = 0; i <= obstacles.length; i++) {
    const r = moved(home, s);
    const hit = obstacles.filter((o) => overlaps(r, o, gap));
    if (!hit.length) return r.top >= 0 && r.bottom <= vh ? s : null;
    if (place.edge == "top") s.y += Math.max(...hit.map((o) => o.bottom)) + gap - r.top;
    else s.y -= r.bottom - Math.min(...hit.map((o) => o.top)) + gap;
  }
  return null;
}

/** Moves home sideways, inwards from its side, past the obstacles; null for a centred root or off-screen. */
function beside(home: Rect, obstacles: Rect[], place: Place, vw: number, gap: number): Shift | null {
  if (place.side == "center") return null;
  const s = { x: 0, y: 0 };
  for (let i = 0; i <= obstacles.length; i++) {
    const r = moved(home, s);
    const hit = obstacles.filter((o) => overlaps(r, o, gap));
    if (!hit.length) return r.left >= 0 && r.right <= vw ? s : null;
    if (place.side == "left") s.x += Math.max(...hit.map((o) => o.right)) + gap - r.left;
    else s.x -= r.right - Math.min(...hit.map((o) => o.left)) + gap;
  }
  return null;
}

/**
 * The shift of a root of buttons at home (its unmoved rectangle) so it covers none of the
 * obstacles: none needed gives {0, 0}; else the shorter of "above/below them" and "beside them"
 * that stays inside the viewport (vw × vh), above when they are within a pixel of each other (a
 * root measured while it slides carries sub-pixel noise: a tie must not flip with it); when
 * neither fits, it stays home (covering something is better than leaving the screen).
 */
export function shiftFor(home: Rect, obstacles: Rect[], place: Place, vw: number, vh: number, gap = GAP): Shift {
  const near = obstacles.filter((o) => isObstacle(o, vw, vh));
  const a = along(home, near, place, vh, gap);
  const b = beside(home, near, place, vw, gap);
  if (a && b) return Math.abs(b.x) < Math.abs(a.y) - 1 ? b : a;
  return a || b || { x: 0, y: 0 };
}

/**
 * A root's placement on screen from its axis classes (cnb-bottom|cnb-middle|cnb-top,
 * cnb-left|cnb-center|cnb-right): left and right are logical sides, mirrored by cnb-rtl.
 */
export function placeOf(className: string): Place {
  const has = (c: string) => new RegExp("(^| )cnb-" + c + "( |$)").test(className);
  const start = has("left") != has("rtl");
  return {
    edge: has("top") ? "top" : has("middle") ? "middle" : "bottom",
    side: has("center") ? "center" : start ? "left" : "right",
  };
}

/**
 * The shifts of several roots (their home rectangles and placements) at once. Each moves as
 * shiftFor says, except where a phone stacks the roots of one edge in rows (a circle and a gap
 * apart, so their labels never meet: their homes stand at different heights): when one of them
 * must move, all of that edge's roots move up (or down) together, as far as the furthest needs,
 * and keep their rows.
 */
export function shiftsFor(roots: { home: Rect; place: Place }[], obstacles: Rect[], vw: number, vh: number, gap = GAP): Shift[] {
  const shifts = roots.map((r) => shiftFor(r.home, obstacles, r.place, vw, vh, gap));
  const far = new Map<Place["edge"], number>();
  const rows = new Map<Place["edge"], Set<number>>();
  shifts.forEach((s, i) => {
    const { home, place } = roots[i];
    const e = place.edge;
    rows.set(e, (rows.get(e) || new Set()).add(Math.round(e == "top" ? home.top : home.bottom)));
    // A move beside counts as the lift it would take, so the rows never close up.
    const y = s.y || (s.x ? shiftFor(home, obstacles, { ...place, side: "center" }, vw, vh, gap).y : 0);
    if (y) far.set(e, e == "top" ? Math.max(far.get(e) ?? 0, y) : Math.min(far.get(e) ?? 0, y));
  });
  return shifts.map((s, i) => {
    const e = roots[i].place.edge;
    return rows.get(e)!.size > 1 && far.has(e) ? { x: 0, y: far.get(e)! } : s;
  });
}
