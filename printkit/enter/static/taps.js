// Taps kept over a reload. The taps made while the server does not answer (intents.js) are kept in this
// browser's storage as they are made (localStorage, under the server's address and the results file: one
// entry per page that made taps, "a bundle"), so that a reload, or the phone closing the tab, drops none:
// the page opened again takes them back, shows them as not written yet, and plays them in order once the
// server answers. A tap leaves the storage only when what it wrote is kept as a change not yet saved
// (saving.js keeps that in the same storage, and drops it once the server has it) or when it wrote nothing.
//
// Two tabs of one page never both play the same kept taps: a bundle has one holder, the page holding it,
// which stamps it every 2 s while it is open. A page takes a bundle only when its holder is gone: a page
// shown before it in the same tab (a reload: the tab's own list, in sessionStorage), a page that let it go
// as it went (closed), or one that stopped stamping it for 20 s (a tab the phone closed without a word); it
// takes it by writing itself in as the holder and reading it back 150 ms later: of two pages that took it
// at once, only the last to write finds itself there. A page plays a kept tap only while
// the bundle is still its own (a tab asleep for a while finds it taken, and leaves those taps to the other).
import { Grid } from "/static/input.js";

const BEAT = 2000, STALE = 20000, SETTLE = 150;
const TAB = "printkit:pages-of-this-tab";

// a place or an event as JSON: a grid by its name, an element by its data-ref (found again when played)
export function pack(value) {
  try {
    return JSON.parse(JSON.stringify(value ?? null, (k, v) => {
      if (v instanceof Grid) return { __grid: v.name };
      if (typeof Element !== "undefined" && v instanceof Element) return { __ref: v.dataset?.ref ?? null };
      if (typeof v === "function") return undefined;
      return v;
    }));
  } catch (_) {
    return null;  // a place that cannot be written down: kept on this page only (played as before)
  }
}

// the place back, on the sheets as they are drawn now
export function unpack(value, board) {
  if (Array.isArray(value)) return value.map((v) => unpack(v, board));
  if (!value || typeof value !== "object") return value;
  if ("__grid" in value) { const el = board.el(`grid:${value.__grid}`); return el ? new Grid(el) : null; }
  if ("__ref" in value) return value.__ref ? board.el(value.__ref) : null;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpack(v, board)]));
}

export class TapStore {
  constructor(me) { Object.assign(this, { me, base: null, held: new Set(), timer: null, before: [] }); }

  // the page's file is known: from now on its taps are kept (base: the server's address and the file)
  open(host, file) {
    this.base = `printkit:taps:${host}:${file}:`;
    this.own = this.base + this.me;
    try {  // the pages this tab has shown before this one (a reload): gone, whatever their stamps say
      this.before = JSON.parse(sessionStorage.getItem(TAB) || "[]");
      sessionStorage.setItem(TAB, JSON.stringify([...this.before, this.me].slice(-20)));
    } catch (_) { this.before = []; }
    addEventListener("pagehide", () => this.release());
    addEventListener("pageshow", (e) => { if (e.persisted) this.restamp(); });
    this.timer = setInterval(() => this.restamp(), BEAT);
  }

  read(key) { try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (_) { return null; } }

  write(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); return true; } catch (_) { return false; } }

  // the taps of this page, each {bundle, rec}: written to their bundles (an emptied bundle goes)
  save(taps) {
    if (!this.base) return;
    const by = new Map([...this.held].map((k) => [k, []]));
    for (const t of taps) {
      const key = t.bundle || this.own;
      t.bundle = key;
      if (!by.has(key)) by.set(key, []);
      by.get(key).push(t.rec);
    }
    for (const [key, recs] of by) {
      if (key !== this.own && !this.mine(key)) continue;  // taken by another page meanwhile: its own now
      if (recs.length) { this.write(key, { holder: this.me, beat: Date.now(), taps: recs }); this.held.add(key); }
      else { try { localStorage.removeItem(key); } catch (_) { /* gone */ } this.held.delete(key); }
    }
  }

  mine(key) { const b = this.read(key); return Boolean(b) && b.holder === this.me; }

  // whether a kept tap may be played by this page (its bundle is still its own)
  may(tap) { return !tap.bundle || tap.bundle === this.own || this.mine(tap.bundle); }

  // the bundles let go or left (another page's, or this device's before a reload), taken: their taps in
  // the order they were made, each {bundle, rec}
  async take() {
    if (!this.base) return [];
    const now = Date.now();
    const free = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(this.base) || key === this.own || this.held.has(key)) continue;
      const b = this.read(key);
      if (!b || !Array.isArray(b.taps)) continue;
      const gone = !b.beat || now - b.beat >= STALE || this.before.includes(b.holder);
      if (!gone && b.holder !== this.me) continue;  // its page is open (another tab): its taps
      free.push(key);
    }
    if (!free.length) return [];
    for (const key of free) this.write(key, { ...this.read(key), holder: this.me, beat: Date.now() });
    await new Promise((ok) => setTimeout(ok, SETTLE));
    const out = [];
    for (const key of free) {
      const b = this.read(key);
      if (!b || b.holder !== this.me) continue;  // another page took it last: it plays them
      this.held.add(key);
      for (const rec of b.taps) out.push({ bundle: key, rec });
    }
    return out.sort((a, b) => (a.rec.made || 0) - (b.rec.made || 0));
  }

  restamp() {
    for (const key of this.held) {
      const b = this.read(key);
      if (b && b.holder === this.me) this.write(key, { ...b, beat: Date.now() });
      else this.held.delete(key);
    }
  }

  release() {  // the page goes: its bundles are let go, for the page opened next to take at once
    for (const key of this.held) {
      const b = this.read(key);
      if (b && b.holder === this.me) this.write(key, { ...b, beat: 0 });
    }
  }
}
