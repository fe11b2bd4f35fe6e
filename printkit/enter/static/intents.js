// Taps as intents. What a tap writes depends on the state the server last answered for (whose turn it is,
// the next number of a copy, a curve's squares): a tap, a stroke, a key or a button of the board made while
// the newest state has not come back checked and drawn (the server not answering, a phone out of the Wi-Fi,
// or the answer to the last change still on its way) is never computed from what the page shows then. It
// is kept, in order, marked on the sheet as pending (no red), and played once the newest state is back,
// each one after the answer to the one before it: a draw made offline is the next player's draw then, as
// it would have been online. Every game gets this: its strokes go through ctx.track, its keys and the
// buttons of the board through the page. The kept taps are in the browser's storage too, as they are made:
// a reload or a tab closed drops none (taps.js says how, and how two tabs never both play them).
// A game whose taps are read from the page's own state (a pen, the roads and cards picked, a turn half
// built: track's handlers say `atOnce`) has every control act at once, offline as online; only what it
// writes waits: a write that needs the newest answer (whose turn it is) is kept as the game's own record
// (ctx.later) and played in order, the others go into the record at once. Each is marked on the sheet, in
// the colour of the player it is for, with what it writes there, until the answer comes.
import { Grid } from "/static/input.js";
import { pack, unpack } from "/static/taps.js";

const CSS = `
  #sheets .pending { fill: var(--kept, #0072b2); fill-opacity: .22; stroke: var(--kept, #0072b2); stroke-width: .6; stroke-dasharray: .9 .6; }
  #sheets line.pending, #sheets path.pending { stroke: var(--kept, #0072b2); stroke-opacity: .8; stroke-dasharray: .9 .6; }
  #sheets text.kept-mark { fill: var(--kept, #0072b2); font-weight: bold; pointer-events: none; }
  #board button.pending, #dock button.pending { outline: 2px dashed #0072b2; outline-offset: 2px; }`;

const refOf = (place) => (place && (place.ref || place.key)) || null;

export class Intents {
  // fresh(): whether the page's newest state has come back from the server; seq(): the newest state's
  // number (an intent that changed the record made a new one); board: the sheets; root: the board's section;
  // store: the browser's storage of kept taps (taps.js); press(e): a key for the game; wrote(): a kept tap
  // played has changed the record (the page keeps the change in the browser before the tap leaves it)
  // replay(what): a write kept by an at-once game played (the game's own record of it); colour(ref, who):
  // the colour of the player a place is for (`who`, else the player its name holds; null: the page's blue)
  // gone(): a kept tap left out, its place gone from the sheet since
  constructor({ fresh, seq, board, root, told, store = null, press = null, wrote = null, replay = null, colour = null, gone = null }) {
    Object.assign(this, { fresh, seq, board, root, told, store, press, wrote, replay, colour, gone, queue: [], awaiting: [],
                          replaying: false, game: null, atOnce: false, here: null, sent: 0 });
    document.head.append(Object.assign(document.createElement("style"), { textContent: CSS }));
    board.onShow(() => this.paint());
    // a button of the board (Claim, Pass, a pen, Add turn): kept in order with the taps around it
    // (the bar at the bottom too, where a phone may carry them; never Undo, Redo or the state)
    document.addEventListener("click", (e) => {
      const b = e.target.closest && e.target.closest("button");
      if (this.replaying || this.atOnce || !b || this.now() || /undo|redo|status/i.test(b.id)) return;
      if (!root.contains(b) && !b.closest("#dock")) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      this.keep({ refs: [], button: b, run: () => b.click(), rec: { kind: "button", button: buttonKey(b) } });
    }, true);
  }

  now() { return this.fresh() && !this.queue.length; }  // an input may act at once

  get size() { return this.queue.length; }

  // the taps not written to the file yet, as a player counts them: those kept, and the one written at once
  // whose answer has not come (the first tap after the network went, before the page knew)
  get unwritten() { return this.queue.length + (this.fresh() ? 0 : Math.max(this.sent, this.awaiting.length ? 1 : 0)); }

  // the handlers a game gives input.js's track(), kept as intents while the state is not fresh
  wrap(game) {
    this.game = game;
    if (game.atOnce) return this.own(game);
    const passed = new WeakMap();  // a stroke made at once: the places it passed, all marked until its answer
    const live = (fn, refs) => {  // a handler run now: its places pending until the answer to what it wrote
      const before = this.seq();
      const out = fn();
      if (this.seq() !== before) { this.awaiting = refs.filter(Boolean); this.paint(); }
      return out;
    };
    return {
      ...game,
      down: (place, e) => {
        if (this.now()) {
          const s = live(() => game.down(place, e), [refOf(place)]);
          if (s && typeof s === "object") passed.set(s, [refOf(place)]);
          return s;
        }
        return { kept: true, place, e, overs: [], refs: [refOf(place)] };  // recorded, played later
      },
      over: (stroke, place, at) => {
        if (!stroke.kept) { passed.get(stroke)?.push(refOf(place)); return live(() => game.over?.(stroke, place, at), [refOf(place)]); }
        stroke.overs.push({ place, at });
        stroke.refs.push(refOf(place));
        this.paint(stroke.refs);
      },
      moved: (stroke, at) => (stroke.kept ? undefined : game.moved?.(stroke, at)),
      // whether a touch goes on as a stroke (else it scrolls): for a kept one, asked of its first place
      follows: game.follows && ((stroke, dx, dy) => {
        if (!stroke.kept) return game.follows(stroke, dx, dy);
        try { return game.follows({ ...stroke.place }, dx, dy); } catch (_) { return true; }
      }),
      up: (stroke, place, moved) => {
        if (!stroke.kept) return live(() => game.up?.(stroke, place, moved), [...(passed.get(stroke) || []), refOf(place)]);
        this.keep({
          refs: stroke.refs,
          rec: { kind: "stroke", place: pack(stroke.place), overs: pack(stroke.overs), end: pack(place), moved },
          run: () => {
            // a tap on a place gone from the sheet since (a number crossed off by the tap before it: a
            // double tap on a slow network) is no tap: left out, and said
            if (!moved && stroke.place.ref && !this.board.el(stroke.place.ref)) { this.gone?.(); return; }
            const s = game.down(this.fix(stroke.place), stroke.e);
            if (!s) return;
            for (const o of stroke.overs) game.over?.(s, this.fix(o.place), o.at);
            game.up?.(s, this.fix(place), moved);
          },
        });
      },
      cancel: (stroke) => { if (stroke.kept) this.paint(); else game.cancel?.(stroke); },
    };
  }

  // an at-once game's handlers: run now, offline too; what they write at once is marked on the places of
  // the stroke (`here`) until its answer, and what they keep (later) is marked there too
  own(game) {
    this.atOnce = true;
    const passed = new WeakMap();
    const run = (fn, refs) => { this.here = refs; try { return fn(); } finally { this.here = null; } };
    return {
      ...game,
      down: (place, e) => {
        const s = run(() => game.down(place, e), [refOf(place)]);
        if (s && typeof s === "object") passed.set(s, [refOf(place)]);
        return s;
      },
      over: (stroke, place, at) => { passed.get(stroke)?.push(refOf(place)); return run(() => game.over?.(stroke, place, at), passed.get(stroke) || []); },
      up: (stroke, place, moved) => run(() => game.up?.(stroke, place, moved), [...(passed.get(stroke) || []), refOf(place)]),
    };
  }

  // an at-once game's write that needs the newest answer (`what`: the game's own record of it, played by
  // replay): now, or kept in order; marks: the places it writes (default: the stroke's), each a ref or
  // {ref, text, who}: what it writes there, and for whom
  later(what, marks = null) {
    const refs = marks || this.here || [];
    if (this.now()) { this.play(what, refs); return true; }
    this.keep({ refs, rec: { kind: "write", what }, run: () => this.replay?.(what) });
    return false;
  }

  play(what, refs) {  // (what it writes is marked on `refs`: written() is told by the page's edit)
    const was = this.here;
    this.here = refs;
    try { this.replay?.(what); } finally { this.here = was; }
  }

  // a write that went into the record at once: marked until the answer to it (and to every write after it)
  written(marks = null) {
    if (!this.atOnce || this.replaying) return;
    this.sent += 1;
    this.awaiting = [...this.awaiting, ...(marks || this.here || [])];
    this.paint();
    this.told?.(this.queue.length);
  }

  // n taps and strokes, as a player counts them: "2 strokes", "1 tap", "3 taps and 1 stroke" (a stroke is a
  // finger moved across places; the one written at once before the page knew is one when it passed several)
  made(n) {
    const kept = this.queue.filter((it) => it.rec && it.rec.kind === "stroke" && it.rec.moved).length;
    // (a game whose writes go at once, offline too, marks each of them: its places are many taps, no stroke)
    const first = n > this.size && !this.atOnce && new Set(this.awaiting.filter(Boolean)).size > 1 ? 1 : 0;
    const strokes = Math.min(n, kept + first), taps = n - strokes;
    const some = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
    return [taps && some(taps, "tap"), strokes && some(strokes, "stroke")].filter(Boolean).join(" and ");
  }

  // the writes kept, as the game recorded them (what a kept draw or claim is), in order
  kept() { return this.queue.filter((it) => it.rec && it.rec.kind === "write").map((it) => it.rec.what); }

  // a key for the game: at once, or kept (a copy of the event) and pressed later
  key(e, press) {
    if (this.atOnce) { press(e); return; }
    if (this.now()) { const before = this.seq(); press(e); if (this.seq() !== before) this.awaiting = []; return; }
    if (["Tab", "Shift", "Control", "Alt", "Meta"].includes(e.key)) return;
    e.preventDefault();
    const copy = { key: e.key, code: e.code, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, altKey: e.altKey, metaKey: e.metaKey,
                   target: e.target, preventDefault() {}, stopPropagation() {} };
    const { target, ...plain } = copy;
    this.keep({ refs: [], run: () => press(copy), rec: { kind: "key", key: pack(plain) } });
  }

  keep(intent) {
    intent.rec = { ...intent.rec, refs: intent.refs, made: Date.now() };
    this.queue.push(intent);
    this.persist();
    this.paint();
    this.told?.(this.queue.length);
    // the answer it waited for came while it was being made (a finger went down before it, and lifted
    // after): played now, not left waiting for a next answer that may never come
    if (this.fresh() && !this.replaying) this.run();
  }

  // the newest state is back: the kept intents played in order, until one writes (its answer comes first)
  run() {
    this.awaiting = [];
    this.sent = 0;
    while (this.queue.length && this.fresh()) {
      const it = this.queue.shift();
      if (this.store && !this.store.may(it)) continue;  // taken by another tab of this page: it plays them
      const before = this.seq();
      this.replaying = true;
      try { it.run(); } catch (err) { console.error(err); } finally { this.replaying = false; }
      if (this.seq() !== before) {  // written: still marked until its answer; kept in the browser before the tap leaves
        this.awaiting = (it.refs || []).filter(Boolean);
        this.wrote?.();
      }
      this.persist();
    }
    this.paint();
    this.told?.(this.queue.length);
  }

  takeBack() {  // Undo with taps still kept: the last of them goes, as if never made
    const it = this.queue.pop();
    this.persist();
    this.paint();
    this.told?.(this.queue.length);
    return it;
  }

  persist() { this.store?.save(this.queue); }

  // the taps kept in this browser by a page before this one (a reload, a closed tab), or by a tab that let
  // them go: taken, shown as not written yet, and played in order (before this page's own taps, if any)
  async adopt() {
    if (!this.store) return 0;
    const taps = await this.store.take();
    if (!taps.length) return 0;
    const back = taps.map((t) => ({ ...this.revive(t.rec), rec: t.rec, bundle: t.bundle }));
    this.queue = [...back, ...this.queue].sort((a, b) => (a.rec.made || 0) - (b.rec.made || 0));
    this.persist();
    this.paint();
    this.told?.(this.queue.length);
    return back.length;
  }

  // a kept tap read back from the storage: played as it would have been, on the sheets drawn then
  revive(rec) {
    const refs = rec.refs || [];
    if (rec.kind === "button") return { refs, run: () => findButton(rec.button, this.root)?.click() };
    if (rec.kind === "write") return { refs, run: () => this.replay?.(rec.what) };
    if (rec.kind === "key") {
      return { refs, run: () => this.press?.({ ...rec.key, target: document.body, preventDefault() {}, stopPropagation() {} }) };
    }
    return {
      refs,
      run: () => {
        const game = this.game;
        const at = (p) => this.fix(unpack(p, this.board));
        const s = game && game.down(at(rec.place), undefined);
        if (!s) return;
        for (const o of rec.overs || []) game.over?.(s, at(o.place), o.at);
        game.up?.(s, at(rec.end), rec.moved);
      },
    };
  }

  // a place recorded before the sheets were drawn again: its element and its grid as they are now
  fix(place) {
    if (!place) return place;
    const out = { ...place };
    for (const [k, v] of Object.entries(out)) {
      if (v instanceof Grid && !v.el.isConnected) {
        const el = this.board.el(`grid:${v.name}`);
        if (el) out[k] = new Grid(el);
      }
    }
    if (out.el && !out.el.isConnected && out.ref) out.el = this.board.el(out.ref) || out.el;
    return out;
  }

  // the pending marks: the places of the kept intents, and those of the last one written until its answer
  paint(extra = []) {
    for (const el of document.querySelectorAll(".pending")) { el.classList.remove("pending"); el.style.removeProperty("--kept"); }
    for (const el of document.querySelectorAll("#sheets text.kept-mark")) el.remove();
    const marks = [...this.awaiting, ...extra, ...this.queue.flatMap((it) => it.refs)];
    const said = new Map(marks.filter((m) => m && typeof m === "object").map((m) => [m.ref, m]));  // the newest
    for (const ref of new Set(marks.map((m) => (m && typeof m === "object" ? m.ref : m)))) {
      if (!ref) continue;
      const colour = this.colour?.(ref, said.get(ref)?.who);
      for (const el of this.board.all(ref)) {
        el.classList.add("pending");
        if (colour) el.style.setProperty("--kept", colour);
        if (said.get(ref)?.text) label(el, said.get(ref).text, colour);
      }
    }
    for (const it of this.queue) {
      const b = it.button || (it.rec && it.rec.kind === "button" && findButton(it.rec.button, this.root));
      if (b) b.classList.add("pending");
    }
  }
}

// what a write kept or not answered yet puts on a place (a store's square: its mark), in the place's middle
function label(el, text, colour) {
  const svg = el.ownerSVGElement;
  if (!svg || typeof el.getBBox !== "function") return;
  const b = el.getBBox();
  const t = document.createElementNS("http://www.w3.org/2000/svg", "text");
  t.setAttribute("class", "kept-mark");
  t.setAttribute("x", String(b.x + b.width / 2));
  t.setAttribute("y", String(b.y + b.height / 2));
  t.setAttribute("text-anchor", "middle");
  t.setAttribute("dominant-baseline", "central");
  t.setAttribute("font-size", String(Math.min(b.width, b.height) * 0.6));
  if (colour) t.style.setProperty("--kept", colour);
  t.textContent = text;
  (el.parentNode || svg).append(t);
}

// a button of the board, as it can be found again after a reload: its id, its data- attributes, its words
function buttonKey(b) { return { id: b.id || null, data: { ...b.dataset }, text: b.textContent.trim() }; }

function findButton(k, root) {
  if (!k) return null;
  if (k.id) return document.getElementById(k.id);
  const all = [...root.querySelectorAll("button"), ...document.querySelectorAll("#dock button")];
  return all.find((b) => b.textContent.trim() === k.text && Object.entries(k.data || {}).every(([n, v]) => b.dataset[n] === v)) || null;
}
