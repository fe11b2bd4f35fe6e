// Making Intersections on the page: drag (or click, click) from dot to dot to draw a segment, in the
// order drawn; click a segment to select it, Delete or a drag from it removes it. Keys: arrows move a
// cursor over the dots, Enter or Space starts and ends a segment, Delete removes one, Escape cancels.
// The rules are the scorer's: whatever is drawn goes into the record and comes back checked.

const DOT = /^[A-Z]{1,2}\d{1,3}$/;
let cursor = null;   // {round, r, c}
let anchor = null;   // {round, dot}: the first end of a segment being drawn by clicks or keys
let selected = null; // {round, seg}
let drag = null;

const rowLabel = (i) => { let s = ""; i += 1; while (i) { const m = (i - 1) % 26; s = String.fromCharCode(65 + m) + s; i = Math.floor((i - 1) / 26); } return s; };
const dotName = (r, c) => `${rowLabel(r)}${c + 1}`;
function parseDot(name) {
  const m = /^([A-Z]{1,2})(\d{1,3})$/.exec(name);
  let r = 0;
  for (const ch of m[1]) r = r * 26 + ch.charCodeAt(0) - 64;
  return { r: r - 1, c: Number(m[2]) - 1 };
}
function split(ref) { const i = ref.indexOf(":"); return { round: Number(ref.slice(0, i)) - 1, what: ref.slice(i + 1) }; }

export function start(ctx) {
  const sheets = ctx.board.root;
  sheets.addEventListener("pointerdown", (e) => down(ctx, e));
  sheets.addEventListener("pointermove", (e) => move(ctx, e));
  sheets.addEventListener("pointerup", (e) => up(ctx, e));
  sheets.addEventListener("pointercancel", () => { drag = null; ctx.board.clearSketch(); });
  sheets.addEventListener("focusin", (e) => {
    const box = e.target.closest(".sheet");
    const round = [...sheets.children].indexOf(box);
    if (round >= 0 && (!cursor || cursor.round !== round)) { cursor = { round, r: 0, c: 0 }; paint(ctx); }
  });
  ctx.board.onShow(() => paint(ctx));
}

export function checked(ctx) { tell(ctx); }

function info(ctx) { return ctx.info(); }

function tell(ctx) {
  const inf = info(ctx);
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

// ---------------------------------------------------------------- pointer

function down(ctx, e) {
  if (e.button !== 0) return;
  const el = ctx.board.refAt(e.clientX, e.clientY);
  if (!el) return;
  const { round, what } = split(el.dataset.ref);
  e.preventDefault();
  el.ownerSVGElement.closest(".sheet").focus({ preventScroll: true });
  try { el.ownerSVGElement.setPointerCapture(e.pointerId); } catch (_) { /* a finished pointer */ }
  if (DOT.test(what)) {
    drag = { round, from: what, el, x: e.clientX, y: e.clientY, moved: false };
    const d = parseDot(what);
    cursor = { round, r: d.r, c: d.c };
  } else {
    drag = { round, seg: what, x: e.clientX, y: e.clientY, erased: false };
    selected = { round, seg: what };
    anchor = null;
    paint(ctx);
  }
}

function move(ctx, e) {
  if (!drag) return;
  const far = Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 6;
  if (drag.seg) {  // a drag from a segment erases it (the first step decides)
    if (far && !drag.erased) { drag.erased = true; removeSegment(ctx, drag.round, drag.seg); }
    return;
  }
  if (!far && !drag.moved) return;
  drag.moved = true;
  const svg = drag.el.ownerSVGElement;
  const from = ctx.board.centre(drag.el);
  const over = dotUnder(ctx, e, drag.round);
  const to = over ? ctx.board.centre(over) : ctx.board.toSheet(svg, e.clientX, e.clientY);
  const g = ctx.board.sketch(svg);
  g.replaceChildren();
  const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
  line.setAttribute("x1", from.x); line.setAttribute("y1", from.y);
  line.setAttribute("x2", to.x); line.setAttribute("y2", to.y);
  g.append(line);
}

function dotUnder(ctx, e, round) {
  for (const el of document.elementsFromPoint(e.clientX, e.clientY)) {
    const ref = el.dataset && el.dataset.ref;
    if (!ref) continue;
    const s = split(ref);
    if (s.round === round && DOT.test(s.what)) return el;
  }
  return null;
}

function up(ctx, e) {
  const d = drag;
  drag = null;
  ctx.board.clearSketch();
  if (!d || !d.from) return;
  const over = dotUnder(ctx, e, d.round);
  const to = over ? split(over.dataset.ref).what : null;
  if (d.moved && to && to !== d.from) { anchor = null; addSegment(ctx, d.round, d.from, to); return; }
  if (d.moved) { paint(ctx); return; }  // let go away from any dot: nothing drawn
  clickDot(ctx, d.round, d.from);
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
  const inf = info(ctx);
  if (!inf.rounds) return;
  const box = document.activeElement && document.activeElement.closest && document.activeElement.closest(".sheet");
  if (!box && !cursor) return;
  if (!cursor) cursor = { round: 0, r: 0, c: 0 };
  const n = inf.n;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    cursor.r = Math.min(n - 1, Math.max(0, cursor.r + dr));
    cursor.c = Math.min(n - 1, Math.max(0, cursor.c + dc));
    paint(ctx);
    tell(ctx);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    clickDot(ctx, cursor.round, dotName(cursor.r, cursor.c));
  } else if (e.key === "Escape") {
    anchor = null; selected = null; paint(ctx); tell(ctx);
  } else if (e.key === "Delete" || e.key === "Backspace") {
    e.preventDefault();
    if (selected) { removeSegment(ctx, selected.round, selected.seg); return; }
    const here = dotName(cursor.r, cursor.c);  // the newest segment with an end at the cursor
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
    const el = box && box.querySelector(`[data-ref="${CSS.escape(`${cursor.round + 1}:${dotName(cursor.r, cursor.c)}`)}"]`);
    if (el) el.classList.add("cursor");
  }
  if (anchor) for (const el of ctx.board.all(`${anchor.round + 1}:${anchor.dot}`)) el.classList.add("selected");
  if (selected) for (const el of ctx.board.all(`${selected.round + 1}:${selected.seg}`)) el.classList.add("selected");
}
