// The season so far, beside the evening's standings on the evening's page: the table across the evenings
// kept in the folder the config names (`season:`), as `printkit season` prints it.  evening.js hands over
// each answer of /api/evening (event "printkit-evening"); the server reads the season again only when a
// file of its folder changed, so the games of this evening count as they are entered when it is in there.
const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "dataset") Object.assign(e.dataset, v);
    else e[k] = v;
  }
  e.append(...kids);
  return e;
}

const rate = (r) => (r === null || r === undefined ? "-" : `${r}%`);

function section() {
  let box = $("season");
  if (!box) {
    box = el("section", { id: "season", ariaLabel: "The season so far" },
      el("h2", {}, "The season so far"), el("p", { id: "season-sum", className: "hint" }),
      el("div", { id: "season-scroll" }, el("table", { id: "season-table" })), el("p", { id: "season-lead", dataset: { seasonLeader: "" } }),
      el("details", { id: "season-games" }, el("summary", {}, "Each game: won of played, best score")));
    $("standing").append(box);
  }
  return box;
}

function showSeason(season) {
  if (!season) return;
  const box = section();
  if (season.error) {
    $("season-sum").textContent = `The season cannot be read: ${season.error}`;
    return;
  }
  $("season-sum").textContent = `${season.season}: ${season.summary}`;
  const head = ["Player", "Evenings", "Games", "Won", "Win rate", "Streak", "Best streak"];
  const lead = new Set(season.leaders);
  $("season-table").replaceChildren(
    el("thead", {}, el("tr", {}, ...head.map((h) => el("th", {}, h)))),
    el("tbody", {}, ...season.players.map((p) => el("tr", { className: lead.has(p.name) ? "top" : "", dataset: { seasonRow: p.name } },
      el("td", {}, p.name), ...[p.evenings, p.played, p.won, rate(p.win_rate), p.streak, p.best_streak]
        .map((v) => el("td", { className: "n" }, String(v)))))));
  $("season-lead").textContent = season.leader;
  const games = $("season-games");
  games.replaceChildren(games.firstChild, ...season.games.map((g) => el("table", { className: "season-game", dataset: { seasonGame: g } },
    el("caption", {}, season.titles[g]),
    el("tbody", {}, ...season.players.filter((p) => p.games[g]).map((p) => {
      const s = p.games[g];
      return el("tr", {}, el("td", {}, p.name), el("td", { className: "n" }, `${s.won} of ${s.played}`),
        el("td", { className: "n" }, s.best === null ? "-" : `${s.best} (${s.best_evening})`));
    })))));
  box.hidden = false;
}

document.addEventListener("printkit-evening", (e) => showSeason(e.detail.season));
