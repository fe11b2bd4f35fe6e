// The page in the hand, at the table: a bar that stays in view (the state, the scores, the next thing to
// enter; a tap on it shows the mistakes), a tap on a mistake goes to its place on the sheet, and bigger
// squares (every place a finger must hit at least 44 CSS px; two fingers move the sheet) on touch screens.
const $ = (id) => document.getElementById(id);
const TARGET = 44;  // CSS px a finger needs (40 at the least)
const coarse = () => matchMedia("(pointer: coarse)").matches;

// the sizes (CSS px) of the places a finger must hit on a sheet: squares, dots, cards and piles, and each
// cell of a grid (a side's band or a log's row is hit along its length, and left out)
export function targets(svg) {
  const out = [];
  for (const el of svg.querySelectorAll("rect.hit, circle.hit, ellipse.hit")) {
    const r = el.getBoundingClientRect();
    if (el.dataset.cols) out.push(Math.min(r.width / Number(el.dataset.cols), r.height / Number(el.dataset.rows)));
    else if (r.width > 2 && r.height > 2 && r.width < 2 * r.height && r.height < 2 * r.width) out.push(Math.min(r.width, r.height));
  }
  return out;
}

export class Phone {
  // page: {report, setup, file}; board: the sheets
  constructor(page, board) {
    this.page = page;
    this.board = board;
  }

  start() {
    const saved = localStorage.getItem(this.zoomKey());
    this.zoom(saved === null ? coarse() : saved === "1");
    $("zoom").onclick = () => {
      this.zoom(!document.body.classList.contains("zoomed"));
      localStorage.setItem(this.zoomKey(), document.body.classList.contains("zoomed") ? "1" : "0");
    };
    // after a change only the sheet drawn anew is measured; every sheet's labels are pinned again (a sheet drawn
    // taller moves those below it), all measured before any label moves
    this.board.onShow(() => { this.fit(); this.pins([...this.board.root.children]); });
    let queued = false;  // the page scrolled: column numbers ride down with it while their grid is in view
    addEventListener("scroll", () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => { queued = false; this.pins([...this.board.root.children]); });
    }, { passive: true });
    window.addEventListener("resize", () => { this.fit(true); this.scoresRoom(); });
    new MutationObserver(() => { $("dock-say").textContent = $("say").textContent; $("dock-say").classList.remove("open"); })
      .observe($("say"), { childList: true, characterData: true, subtree: true });
    $("dock-say").onclick = () => $("dock-say").classList.toggle("open");  // a line cut off ("...") opens whole with a tap
    $("dock-status").onclick = () => $("result").scrollIntoView({ block: "start", behavior: "smooth" });
    // in reach at the bottom: undo, redo and what the game has pending (a control it marks data-dock)
    for (const name of ["undo", "redo"]) {
      $(`dock-${name}`).onclick = () => $(name).click();
      const mirror = () => { $(`dock-${name}`).disabled = $(name).disabled; };
      new MutationObserver(mirror).observe($(name), { attributes: true, attributeFilter: ["disabled"] });
      mirror();
    }
    const acts = () => this.acts();
    new MutationObserver(acts).observe($("controls"), { subtree: true, childList: true, attributes: true, characterData: true,
      attributeFilter: ["disabled", "hidden", "aria-pressed", "data-dock"] });
    this.acts();
    new MutationObserver(() => this.answer()).observe($("answer"), { childList: true });
    // on a phone the controls above the sheets never shrink while entering (a line of the claim panel
    // that comes and goes would move the sheets under the finger): they keep the tallest they have been
    let tallest = 0;
    new ResizeObserver(() => {
      const el = $("controls");
      if (getComputedStyle($("dock")).display === "none") { el.style.minHeight = ""; tallest = 0; return; }
      const h = el.getBoundingClientRect().height;
      if (h > tallest + 0.5) { tallest = h; el.style.minHeight = `${h}px`; }
    }).observe($("controls"));
    // what gets the focus (a key, a control's own move) is brought into view above the bar, never under it
    // (WCAG 2.2, 2.4.11 Focus Not Obscured): the page's scroll stops that far from the bottom. The scores
    // start as far below the sheets (--bar in page.css): a sheet brought to the middle above the bar left their
    // top under the bar, and the sheet a new round adds pushed them down there
    new ResizeObserver(() => {
      const dock = $("dock"), on = getComputedStyle(dock).display !== "none";
      const bar = on ? `${Math.ceil(dock.getBoundingClientRect().height) + 8}px` : "";
      document.documentElement.style.scrollPaddingBottom = bar;
      document.documentElement.style.setProperty("--bar", bar || "0px");
    }).observe($("dock"));
    $("violations").addEventListener("click", (e) => {
      const li = e.target.closest("li[data-index]");
      if (li) this.go(Number(li.dataset.index));
    });
  }

  // the game's pending action (knives' Claim, ikes' Add turn) and its chosen pen, as buttons in the bar
  // that press the control itself; a pen's button brings its pen bar into view to change it
  acts() {
    const shown = [...$("controls").querySelectorAll("[data-dock]")].filter((el) => !el.closest("[hidden]"));
    const want = shown.map((el) => `${el.dataset.dock}|${el.textContent}|${el.disabled}`).join("/");
    if (this.actsShown === want) return;
    this.actsShown = want;
    $("dock-acts").replaceChildren(...shown.map((el) => {
      const b = Object.assign(document.createElement("button"), { type: "button", disabled: el.disabled });
      const pen = el.dataset.dock === "pen";
      b.textContent = pen ? `Pen: ${el.textContent.trim()}` : el.dataset.dock || el.textContent;
      b.className = pen ? "pen" : "";
      b.onclick = () => (pen ? el.closest(".pens, div")?.scrollIntoView({ block: "center", behavior: "smooth" }) : el.click());
      return b;
    }));
  }

  // an answer asked for (the best fill, how we played) opens over the page on a phone, where the finger
  // is, not far down in the panel; Close puts it back there
  answer() {
    const box = $("answer");
    const onPhone = getComputedStyle($("dock")).display !== "none";
    const items = [...box.children].filter((el) => el.id !== "answer-close");
    if (!items.length || !onPhone) { document.body.classList.remove("answer-over"); return; }
    if (box.firstElementChild?.id !== "answer-close") {
      const close = document.getElementById("answer-close") || Object.assign(document.createElement("button"), {
        id: "answer-close", type: "button", textContent: "Close",
        onclick: () => document.body.classList.remove("answer-over") });
      box.prepend(close);
    }
    document.body.classList.add("answer-over");
  }

  zoomKey() { return `printkit:zoom:${location.host}`; }

  zoom(on) {
    document.body.classList.toggle("zoomed", on);
    $("zoom").setAttribute("aria-pressed", String(on));
    this.fit(true);
  }

  // each sheet as wide as it needs for its smallest place to be TARGET px (at most 4 times its box),
  // measured at the width it has now: never a layout at another width in between (the page would be
  // scrolled to keep its place, and what is under the finger would move)
  // While entering a sheet never shrinks (a place with nothing to tap on this turn keeps its size: the
  // piles of the player not to move), and sheets of one size are shown at one size.
  // A sheet's want is measured once (its places scale with its width): a change redraws one sheet of many,
  // and only that one is measured again. Everything is read before anything is written (a write between two
  // reads would have the browser lay the page out again for each sheet).
  fit(fresh = false) {
    const on = document.body.classList.contains("zoomed");
    if (fresh || !on) { this.sizes = {}; this.wants = new WeakMap(); }
    const plan = [];
    for (const box of this.board.root.children) {
      const svg = box.querySelector("svg");
      if (!svg) continue;
      const low = this.lowered(svg);
      if (!on) { plan.push([svg, low, 1]); continue; }
      if (!this.wants.has(svg)) {
        const sizes = targets(svg);
        const small = sizes.length ? Math.min(...sizes) : Infinity;
        const now = svg.getBoundingClientRect().width / (box.clientWidth || 1);
        this.wants.set(svg, small === Infinity || !now ? 1 : Math.min(4, Math.max(1, (now * TARGET) / small)));
      }
      const kind = svg.getAttribute("viewBox") || "";
      this.sizes[kind] = Math.max(this.sizes[kind] || 1, this.wants.get(svg));
      plan.push([svg, low, kind]);
    }
    for (const [svg, low, kind] of plan) {
      const size = on ? this.sizes[kind] : 1;
      this.size(svg, low && low(size), on && size > 1.001 ? `${(size * 100).toFixed(1)}%` : "");
    }
  }

  size(svg, low, width) {  // a lowered sheet stands in the middle of its box
    const w = low ? `${low.toFixed(1)}px` : width;
    if (svg.style.width !== w) svg.style.width = w;
    svg.style.marginInline = low ? "auto" : "";
  }

  // a phone on its side: a dot array as tall as the room above the bar, so that a segment crosses it in one
  // stroke, when its dots stay TARGET px apart: measured now, (size) => the width in px at that size, or null:
  // it keeps its width (taller than the room, a stroke held at the bar moves the page along)
  lowered(svg) {
    const grid = svg.querySelector("rect.hit.grid");
    if (!grid || !svg.querySelector(".hit.dot") || !matchMedia("(max-height: 500px)").matches) return null;
    const dock = $("dock");
    if (getComputedStyle(dock).display === "none") return null;
    const room = innerHeight - dock.getBoundingClientRect().height - 12;
    const r = svg.getBoundingClientRect(), g = grid.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    const box = svg.parentElement.clientWidth;
    const width = (room * r.width) / r.height;
    const apart = (Math.min(g.width / Number(grid.dataset.cols), g.height / Number(grid.dataset.rows)) * width) / r.width;
    return (size) => (width < box * size && apart >= TARGET ? width : null);  // (box * size: the width it has otherwise)
  }

  // a sheet panned sideways keeps its row labels in view: the labels left of a grid ride along with the
  // pan; a page scrolled past a grid's top keeps its column numbers in view: the labels above the grid
  // ride down with it, as far as the grid's last row (transforms: nothing else moves). Over a dot array
  // they ride a whole spacing at a time, so that they stand between the dots as printed, never on one.
  // Every box is measured before any label moves (a move between two measures would have the browser lay
  // the page out again for each sheet).
  pins(boxes) {
    const moves = [];
    for (const box of boxes) this.pin(box, moves);
    for (const move of moves) move();
  }

  pin(box, moves) {
    if (!box.dataset.pins) {
      box.dataset.pins = "1";
      box.addEventListener("scroll", () => this.pins([box]), { passive: true });
    }
    const svg = box.querySelector("svg");
    const ctm = svg && svg.getScreenCTM();
    if (!ctm || !ctm.a) return;
    const n = (el, a) => Number(el.getAttribute(a));
    const ride = (t, x, y) => moves.push(() => {
      t.classList.add("pinned");
      if (x > 0 || y > 0) t.setAttribute("transform", `translate(${x.toFixed(2)} ${y.toFixed(2)})`); else t.removeAttribute("transform");
      if ((x > 0 || y > 0) && t.nextElementSibling) svg.append(t);  // over the lines it now stands on
    });
    const grids = [...svg.querySelectorAll("rect.hit.grid")];
    if (grids.length) {  // whose sheet it is stays in view
      for (const t of this.title(svg, Math.min(...grids.map((g) => n(g, "y"))))) ride(t, Math.max(0, box.scrollLeft / ctm.a), 0);
    }
    for (const grid of grids) {
      const gx = n(grid, "x"), gy = n(grid, "y"), gw = n(grid, "width"), gh = n(grid, "height");
      const texts = [...svg.querySelectorAll("text")];
      // the column numbers: the row of texts above the grid with "1" over its first column; over a dot
      // array they stand on the dots' lines, and they ride between two rows of dots, never over a dot
      const cw = gw / Number(grid.dataset.cols), ch = gh / Number(grid.dataset.rows);
      const first = texts.find((t) => n(t, "y") < gy && n(t, "y") > gy - 12 && t.textContent.trim() === "1"
        && (Math.abs(n(t, "x") - gx) < 0.01 || Math.abs(n(t, "x") - gx - cw / 2) < 0.01));
      const dots = Boolean(first) && Math.abs(n(first, "x") - gx) < 0.01;
      const step = (d, cell, most) => (dots ? Math.min(most, Math.ceil(d / cell - 1e-6) * cell) : d);
      // over squares they stand on a grid line, the first one clear of the screen's edge: between two
      // rows (columns), never over what is written in a square's middle
      const onLine = (view, lo, hi, g, cell, count) => (view <= lo ? 0
        : g + Math.min(count, Math.max(0, Math.ceil((view + (hi - lo) / 2 - g) / cell - 1e-6))) * cell - (lo + hi) / 2);
      const left = texts.filter((t) => n(t, "x") < gx && n(t, "y") >= gy && n(t, "y") <= gy + gh + 3);  // (a dot array's last letter stands below its line)
      const boxes = left.map((t) => t.getBBox());
      if (!dots && boxes.length && Math.max(...boxes.map((b) => b.width)) > 0.9 * cw) {  // words, wider than a square
        moves.push(() => this.freeze(svg, grid, left, boxes, box.scrollLeft / ctm.a, ride));  // (its rides run after it)
        continue;
      }
      const dx = !first || dots ? Math.max(0, step(box.scrollLeft / ctm.a, cw, gw))
        : Math.max(0, onLine(box.scrollLeft / ctm.a, Math.min(...boxes.map((b) => b.x)), Math.max(...boxes.map((b) => b.x + b.width)), gx, cw, Number(grid.dataset.cols)));
      for (const t of left) ride(t, dx, 0);  // the row letters, left of the grid: they ride along a sideways pan
      if (!first) continue;
      const above = texts.filter((t) => Math.abs(n(t, "y") - n(first, "y")) < 0.01 && n(t, "x") > gx - 0.01 && n(t, "x") < gx + gw + 0.01);
      const top = Math.min(...above.map((t) => t.getBBox().y)), bottom = Math.max(...above.map((t) => { const b = t.getBBox(); return b.y + b.height; }));
      const view = (0 - ctm.f) / ctm.d;
      const dy = dots ? Math.max(0, Math.min(gh, step(view - top, ch, gh)))
        : Math.max(0, onLine(view, top, bottom, gy, ch, Number(grid.dataset.rows)));
      for (const t of above) ride(t, 0, dy);
    }
  }

  // a sheet's title line (its first text: bold, left-aligned, above the grid; with what follows it on its
  // line) rides along a sideways pan as the row labels do: a sheet panned to its right end still says whose
  title(svg, top) {
    const kept = [...svg.querySelectorAll("text[data-title]")];
    if (kept.length) return kept;
    const t = svg.querySelector("text");
    const y = t && Number(t.getAttribute("y"));
    if (!t || t.getAttribute("font-weight") !== "bold" || t.getAttribute("text-anchor") || y >= top) return [];
    const line = [...svg.querySelectorAll("text")].filter((e) => Math.abs(Number(e.getAttribute("y")) - y) < 0.01);
    for (const e of line) e.dataset.title = "1";
    return line;
  }

  // labels that are words (Add/Residue's ADD pile, MOD pile) cannot stand between two squares: panned
  // off, they stand at the sheet's left edge on a column of their own, as a spreadsheet's frozen column
  // does: the squares pass under it, never mixed with the words, and a tap there takes none of them
  freeze(svg, grid, left, boxes, view, ride) {
    const lo = Math.min(...boxes.map((b) => b.x)), hi = Math.max(...boxes.map((b) => b.x + b.width));
    const dx = Math.max(0, view + 1 - lo);
    for (const t of left) ride(t, dx, 0);
    const id = grid.dataset.ref;
    let back = [...svg.querySelectorAll("rect.pin-back")].find((r) => r.dataset.for === id);
    if (!dx) { back?.remove(); return; }
    if (!back) {
      back = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      back.setAttribute("class", "pin-back");
      back.dataset.for = id;
    }
    const gy = Number(grid.getAttribute("y")), gh = Number(grid.getAttribute("height"));
    Object.entries({ x: view, y: gy - 1, width: hi - lo + 2, height: gh + 2 }).forEach(([k, v]) => back.setAttribute(k, v.toFixed(2)));
    svg.insertBefore(back, left[0]);  // over the squares, under the words
  }

  // the bar: the state and the scores as they are checked
  checked(report, blank) {
    const broken = blank ? 0 : report.violations.length;
    const state = $("dock-state");
    state.textContent = blank ? "nothing entered yet" : broken ? `\u2717 ${broken} mistake${broken > 1 ? "s" : ""}` : "\u2713 valid";
    state.className = blank ? "blank" : broken ? "broken" : "valid";
    this.names = report.players.map((p) => p.name);
    $("dock-scores").replaceChildren(...report.players.flatMap((p, i) => [i ? " \u00b7 " : "",  // wrapped between players only
      Object.assign(document.createElement("span"), { textContent: `${p.name} ${p.score}` })]));
    this.scoresRoom();
    // during play: what the last change scored, and a rule it broke, named where it broke
    const before = this.scores || {};
    const gained = report.players.filter((p) => p.name in before && p.score !== before[p.name])
      .map((p) => `${p.name} ${p.score > before[p.name] ? "+" : ""}${p.score - before[p.name]}`);
    const seen = new Set(this.mistakes || []);
    const fresh = blank ? [] : report.violations.filter((v) => !seen.has(`${v.where}: ${v.message}`));
    const last = $("dock-last");
    if (this.scores) {
      last.textContent = fresh.length ? `\u2717 ${fresh[0].where}: ${fresh[0].message}`
        : gained.length ? `Last change: ${gained.join(", ")}` : last.textContent;
      last.className = fresh.length ? "broken" : "";
    }
    this.scores = Object.fromEntries(report.players.map((p) => [p.name, p.score]));
    this.mistakes = report.violations.map((v) => `${v.where}: ${v.message}`);
  }

  // every player's score readable in the bar: beside the last change while they fit in its 55% of the line,
  // else on a line of their own, or two (page.css); measured with two-figure scores at the least, and never
  // given back for the same players: the bar keeps one shape while entering
  scoresRoom() {
    const names = this.names || [], width = $("dock").clientWidth, el = $("dock-scores");
    if (!width) return;
    const key = `${names.join("\n")}|${width}`;
    if (this.scoresKey !== key) { this.scoresKey = key; this.scoresWide = 0; }
    const pen = (this.pen ||= document.createElement("canvas").getContext("2d"));
    const css = getComputedStyle(el);  // (its font shorthand reads "" with tabular figures: built from its parts)
    const font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
    if (this.penFont !== font) { this.penFont = pen.font = font; this.widths = new Map(); }  // (setting a font costs)
    const wide = (text) => this.widths.get(text) ?? this.widths.set(text, pen.measureText(text).width).get(text);
    const least = names.map((n) => `${n} 88`).join(" \u00b7 ");
    this.scoresWide = Math.max(this.scoresWide, wide(least), wide(el.textContent));
    // upright, their 55% of the line beside the last change; on its side, what the bar's row (of fixed width)
    // and what to enter next (at its least) leave them, on two lines in the row's height when one is too short
    const side = matchMedia("(max-height: 500px)").matches, bar = getComputedStyle($("dock"));
    const line = $("dock-row").clientWidth;
    const room = side ? width - parseFloat(bar.paddingLeft) - parseFloat(bar.paddingRight) - $("dock-row").offsetWidth -
      parseFloat(getComputedStyle($("dock-say")).minWidth) - 2 * parseFloat(bar.columnGap) : 0.55 * width;
    $("dock").classList.toggle("scores-own", !side && this.scoresWide > 0.55 * line);
    $("dock").classList.toggle("scores-two", this.scoresWide > (side ? room : line));
    // as wide as that from the start (within its room): a score that gains a figure moves no button beside it
    el.style.minWidth = `${Math.min(Math.ceil(this.scoresWide) + 1, room).toFixed(1)}px`;
  }

  unreadable() {
    $("dock-state").textContent = "cannot read";
    $("dock-state").className = "broken";
  }

  // a mistake tapped: its place on the sheet, in the middle of the screen, flashed
  go(i) {
    const refs = (this.page.report && this.page.report.places && this.page.report.places[i]) || [];
    const els = refs.flatMap((r) => [...this.board.all(r)]);
    if (!els.length) return;
    els[0].scrollIntoView({ block: "center", inline: "center", behavior: "smooth" });
    for (const el of els) {
      el.classList.remove("flash");
      void el.getBoundingClientRect();
      el.classList.add("flash");
    }
  }
}
