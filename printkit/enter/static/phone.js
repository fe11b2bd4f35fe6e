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
    this.board.onShow(() => this.fit());
    window.addEventListener("resize", () => this.fit());
    new MutationObserver(() => { $("dock-say").textContent = $("say").textContent; })
      .observe($("say"), { childList: true, characterData: true, subtree: true });
    $("dock-status").onclick = () => $("result").scrollIntoView({ block: "start", behavior: "smooth" });
    $("violations").addEventListener("click", (e) => {
      const li = e.target.closest("li[data-index]");
      if (li) this.go(Number(li.dataset.index));
    });
  }

  zoomKey() { return `printkit:zoom:${location.host}`; }

  zoom(on) {
    document.body.classList.toggle("zoomed", on);
    $("zoom").setAttribute("aria-pressed", String(on));
    this.fit();
  }

  // each sheet as wide as it needs for its smallest place to be TARGET px (at most 4 times its box),
  // measured at the width it has now: never a layout at another width in between (the page would be
  // scrolled to keep its place, and what is under the finger would move)
  fit() {
    const on = document.body.classList.contains("zoomed");
    for (const box of this.board.root.children) {
      const svg = box.querySelector("svg");
      if (!svg) continue;
      if (!on) { svg.style.width = ""; continue; }
      const sizes = targets(svg);
      const small = sizes.length ? Math.min(...sizes) : Infinity;
      const now = svg.getBoundingClientRect().width / (box.clientWidth || 1);
      const want = small === Infinity || !now ? 1 : Math.min(4, Math.max(1, (now * TARGET) / small));
      const width = want > 1.001 ? `${(want * 100).toFixed(1)}%` : "";
      if (svg.style.width !== width) svg.style.width = width;
    }
  }

  // the bar: the state and the scores as they are checked
  checked(report, blank) {
    const broken = blank ? 0 : report.violations.length;
    const state = $("dock-state");
    state.textContent = blank ? "nothing entered yet" : broken ? `\u2717 ${broken} mistake${broken > 1 ? "s" : ""}` : "\u2713 valid";
    state.className = blank ? "blank" : broken ? "broken" : "valid";
    $("dock-scores").textContent = report.players.map((p) => `${p.name} ${p.score}`).join(" \u00b7 ");
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
