// Making Intersections on the page: drag (or click, click) from dot to dot to draw a segment, in the
// order drawn; click a segment to select it, a click on it again, Delete or a mouse's drag from it removes
// it (a finger's swipe from a segment scrolls the page, as one from between dots does). Keys: arrows move a
// cursor over the dots, Enter or Space starts and ends a segment, Delete removes one, Escape cancels.
// The pointer and keys are the page's one input model (input.js); the rules are the scorer's: whatever is
// drawn goes into the record and comes back checked.
import { Cursor, Grid, clearSketch, keyOf, parseSquare, sketchLine, square, toSheet, track } from "/static/input.js";

let cursor = null;   // {round, at: Cursor}
let anchor = null;   // {round, dot}: the first end of a segment being drawn by clicks or keys
let selected = null; // {round, seg}

const roundOf = (grid) => Number(grid.name) - 1;

// the drawn segment of a grid nearest a screen point, within `band` cells of it (the point not on a dot):
// {key, ref, el, d} (d: how far, in cells), or null. Measured on the array, not on the drawn band (a
// selected or marked segment is drawn narrower), so that a finger anywhere on a stretch between two dots
// takes the segment: its band is as wide as a dot's target (0.42 of the spacing each side: 44 px on a phone)
function segmentNear(grid, x, y, band) {
  const h = grid.half(x, y), px = h.x / 2, py = h.y / 2;
  let best = null;
  for (const el of grid.svg.querySelectorAll("line.hit.segment")) {
    const ends = split(el.dataset.ref).what.split("-").map(parseSquare);
    if (ends.length !== 2 || ends.includes(null)) continue;
    const [a, b] = ends, lx = b.c - a.c, ly = b.r - a.r, len2 = lx * lx + ly * ly;
    const t = len2 ? Math.max(0, Math.min(1, ((px - a.c) * lx + (py - a.r) * ly) / len2)) : 0;
    const d = Math.hypot(px - (a.c + t * lx), py - (a.r + t * ly));
    if (d <= band && (!best || d < best.d)) best = { d, key: el.dataset.ref, ref: el.dataset.ref, el };
  }
  return best;
}

const REACH = 0.42;  // a dot's reach, and a segment's band each side, in spacings
const FINGER = 14;   // CSS px a finger reaches past them (at most 0.65 of a spacing: the middle between four
                     // dots takes nothing, and one finger scrolls the page from there)

// what a point takes on a round's array: a dot, else a drawn segment; a finger's touch beyond both takes the
// nearer of the nearest dot and the nearest segment within FINGER px more (never a farther place found
// first, as a search around the finger would: past half way to the next dot it found that dot)
function placeOn(grid, x, y, touch) {
  const dot = (d) => ({ key: `${grid.name}:${square(d.r, d.c)}`, kind: "dot", round: roundOf(grid), dot: square(d.r, d.c), grid });
  const segment = (s) => ({ key: s.key, ref: s.ref, el: s.el, kind: "segment", ...split(s.ref), seg: split(s.ref).what });
  const d = grid.dot(x, y, REACH);
  if (d) return dot(d);
  const s = segmentNear(grid, x, y, REACH);
  if (s || !touch) return s && segment(s);
  const a = grid.screen(0, 0), b = grid.screen(2, 0), c = grid.screen(0, 2);
  const more = Math.min(REACH + FINGER / Math.min(Math.hypot(b.x - a.x, b.y - a.y), Math.hypot(c.x - a.x, c.y - a.y)), 0.65);
  const near = grid.dot(x, y, more), far = segmentNear(grid, x, y, more);
  const h = grid.half(x, y), nd = near ? Math.hypot(h.x / 2 - near.c, h.y / 2 - near.r) : Infinity;
  return !near && !far ? null : nd <= (far ? far.d : Infinity) ? dot(near) : segment(far);
}
function split(ref) { const i = ref.indexOf(":"); return { round: Number(ref.slice(0, i)) - 1, what: ref.slice(i + 1) }; }

export function start(ctx) {
  const root = ctx.board.root;
  ctx.track(root, {
    pick(x, y, type) {  // (to a finger a segment is a tap's place: a thumb scrolling between dots erases nothing)
      const touch = type === "touch", grid = Grid.at(root, x, y, touch ? 0.7 : 0.5);
      const place = grid && placeOn(grid, x, y, touch);
      return place && touch && place.kind === "segment" ? { ...place, soft: true } : place;
    },
    down(place) {
      (place.el ? place.el.ownerSVGElement : place.grid.svg).closest(".sheet").focus({ preventScroll: true });
      if (place.kind === "dot") {
        const d = parseSquare(place.dot);
        cursor = { round: place.round, at: new Cursor(ctx.info().n, ctx.info().n, d.r, d.c) };
        return { ...place };
      }
      const again = Boolean(selected && selected.round === place.round && selected.seg === place.seg);
      selected = { round: place.round, seg: place.seg };
      anchor = null;
      paint(ctx);
      if (!again) ctx.say(`${place.seg} of round ${place.round + 1} picked: tap it again to remove it.`);
      return { ...place, erased: false, again };
    },
    over(stroke, place) {  // the last dot of its round a stroke from a dot passed: where its segment ends
      if (stroke.kind === "dot" && place.kind === "dot" && place.round === stroke.round) stroke.to = place.dot;
    },
    moved(stroke, at) {
      if (stroke.kind === "segment") {  // a mouse's drag from a segment erases it (the first step decides)
        if (!stroke.erased) { stroke.erased = true; removeSegment(ctx, stroke.round, stroke.seg); }
        return;
      }
      const svg = stroke.grid.svg;
      const d = parseSquare(stroke.dot);
      const over = Grid.at(root, at.x, at.y);
      const under = over === null || over.name !== stroke.grid.name ? null : over.dot(at.x, at.y, 0.42);
      const end = under || (stroke.to && stroke.to !== stroke.dot ? parseSquare(stroke.to) : null);  // what lifting writes
      sketchLine(svg, stroke.grid.point(d.r, d.c, true), end ? stroke.grid.point(end.r, end.c, true) : toSheet(svg, at.x, at.y));
    },
    // a stroke is written whole or not at all: from its first dot to the dot it was let go on, or, let go
    // anywhere else (on the bar's edge, off the sheet), to the last dot it passed; back on its first dot, or
    // having passed no other, nothing is drawn, and the page says so
    up(stroke, place, moved) {
      clearSketch(root);
      if (stroke.kind === "segment" && !moved && stroke.again) removeSegment(ctx, stroke.round, stroke.seg);  // tapped again
      if (stroke.kind !== "dot") return;
      const to = place && place.kind === "dot" && place.round === stroke.round ? place.dot : stroke.to;
      if (moved && to && to !== stroke.dot) { anchor = null; addSegment(ctx, stroke.round, stroke.dot, to); return; }
      if (moved) { paint(ctx); ctx.say(`Nothing drawn: a line from ${stroke.dot} must end on another dot.`); return; }
      clickDot(ctx, stroke.round, stroke.dot);
    },
    cancel() { clearSketch(root); },
  }, { reach: 0 });  // a finger's reach is the game's own (placeOn): the nearest place, not the first found
  root.addEventListener("focusin", (e) => {
    const round = [...root.children].indexOf(e.target.closest(".sheet"));
    if (round >= 0 && (!cursor || cursor.round !== round)) { cursor = { round, at: new Cursor(ctx.info().n, ctx.info().n) }; paint(ctx); }
  });
  ctx.board.onShow(() => paint(ctx));
}

export function checked(ctx) { tell(ctx); }

function tell(ctx) {
  const inf = ctx.info();
  if (!inf.rounds) return;
  const at = cursor ? cursor.round : Math.max(0, inf.rounds.findIndex((r) => r.drawn < r.of));
  const rd = inf.rounds[at];
  if (!rd) return;
  let text = rd.drawn < rd.of ? `Round ${at + 1}: ${rd.next} draws segment ${rd.drawn + 1} of ${rd.of}.` : `Round ${at + 1} is complete (${rd.of} segments).`;
  if (anchor) text += ` From ${anchor.dot}: pick the other end.`;
  ctx.say(text);
}

function segmentsOf(ctx, round) { return (ctx.doc().rounds || [])[round] || []; }

function addSegment(ctx, round, a, b) {
  ctx.edit((doc) => {
    if (!Array.isArray(doc.rounds)) doc.rounds = [];
    while (doc.rounds.length <= round) doc.rounds.push([]);
    doc.rounds[round].push(`${a}-${b}`);
  });
  selected = null;
}

function removeSegment(ctx, round, seg) {
  const list = segmentsOf(ctx, round);
  const i = list.lastIndexOf(seg);
  if (i < 0) return;
  ctx.edit((doc) => { doc.rounds[round].splice(i, 1); });
  if (selected && selected.round === round && selected.seg === seg) selected = null;
  ctx.say(`Removed ${seg} from round ${round + 1}.`);
}

function clickDot(ctx, round, dot) {
  selected = null;
  if (anchor && anchor.round === round && anchor.dot !== dot) {
    const a = anchor.dot;
    anchor = null;
    addSegment(ctx, round, a, dot);
  } else if (anchor && anchor.dot === dot) {
    anchor = null;
    paint(ctx);
  } else {
    anchor = { round, dot };
    paint(ctx);
  }
  tell(ctx);
}

// ---------------------------------------------------------------- keys

export function key(ctx, e) {
  const inf = ctx.info();
  if (!inf.rounds) return;
  const box = document.activeElement && document.activeElement.closest && document.activeElement.closest(".sheet");
  if (!box && !cursor) return;
  if (!cursor) cursor = { round: 0, at: new Cursor(inf.n, inf.n) };
  const k = keyOf(e);
  if (["up", "down", "left", "right"].includes(k)) {
    e.preventDefault();
    cursor.at.move(k);
    paint(ctx);
    tell(ctx);
  } else if (k === "enter" || k === "space") {
    e.preventDefault();
    clickDot(ctx, cursor.round, cursor.at.name);
  } else if (k === "escape") {
    anchor = null; selected = null; paint(ctx); tell(ctx);
  } else if (k === "erase" || k === "back") {
    e.preventDefault();
    if (selected) { removeSegment(ctx, selected.round, selected.seg); return; }
    const here = cursor.at.name;  // the newest segment with an end at the cursor
    const list = segmentsOf(ctx, cursor.round);
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i].split("-").map((s) => s.trim().toUpperCase()).includes(here)) { removeSegment(ctx, cursor.round, list[i]); return; }
    }
    ctx.say(`No segment ends at ${here} in round ${cursor.round + 1}.`);
  }
}

// ---------------------------------------------------------------- what the page shows of the input

function paint(ctx) {
  for (const el of ctx.board.root.querySelectorAll(".cursor, .selected")) el.classList.remove("cursor", "selected");
  if (cursor) {
    const box = ctx.board.root.children[cursor.round];
    const el = box && box.querySelector(`[data-ref="${CSS.escape(`${cursor.round + 1}:${cursor.at.name}`)}"]`);
    if (el) el.classList.add("cursor");
  }
  if (anchor) for (const el of ctx.board.all(`${anchor.round + 1}:${anchor.dot}`)) el.classList.add("selected");
  if (selected) for (const el of ctx.board.all(`${selected.round + 1}:${selected.seg}`)) el.classList.add("selected");
}

