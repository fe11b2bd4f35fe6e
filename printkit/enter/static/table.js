// Several devices on one file. The others' changes come as they are saved (server-sent events) and are
// put into this page at once, except where this page holds a change of its own not saved yet (that one is
// the later, and stands); a change of this page that another device wrote over is kept in undo, and the
// page says so. Each device says whose sheets it is entering, and sees who else is entering what. The
// code the next phone joins from is on the page.
import { get, post } from "/static/api.js";
import { apply, clone, diff, overlaps, partName } from "/static/parts.js";

const $ = (id) => document.getElementById(id);
const token = document.querySelector('meta[name="printkit-token"]').content;

export class Table {
  // page: {doc, synced, rev, version, client, setup, file}; history: undo snapshots; redraw(): show the
  // document anew (checked, drawn); tell(text): a line for the player
  constructor(page, { history, redraw, tell, saver }) {
    Object.assign(this, { page, history, redraw, tell, saver, source: null, devices: [] });
  }

  connect() {
    const url = `/api/events?token=${encodeURIComponent(token)}&device=${encodeURIComponent(this.page.client)}`;
    this.source = new EventSource(url);
    this.source.addEventListener("hello", (e) => {  // (re)connected: anything missed meanwhile is fetched
      document.body.dataset.live = "1";
      if (Number(e.data) !== this.page.rev) this.reload();
      this.announce();  // a device back on the network says again whose sheets it enters
      this.say();
    });
    this.source.addEventListener("change", (e) => this.change(JSON.parse(e.data)));
    this.source.addEventListener("presence", (e) => this.presence(JSON.parse(e.data)));
    this.source.onerror = () => { document.body.dataset.live = "0"; };  // it tries again by itself
  }

  change(ev) {
    const page = this.page;
    if (ev.rev <= page.rev) return;  // this page has it already
    if (ev.reload || ev.rev !== page.rev + 1) { this.reload(); return; }
    page.rev = ev.rev;
    page.version = ev.version;
    if (ev.device === page.client) { for (const ch of ev.changes) apply(page.synced, ch); return; }
    const mine = diff(page.synced, page.doc);  // this page's changes not saved yet: they stand
    const told = ev.replaced.filter((r) => r.device === page.client);
    this.history.map((doc) => { for (const ch of ev.changes) apply(doc, ch); return doc; });
    if (told.length) this.history.record(JSON.stringify(page.doc));  // this page's own value, one Undo away
    for (const ch of ev.changes) {
      apply(page.synced, ch);
      if (!mine.some((m) => overlaps(m.path, ch.path))) apply(page.doc, ch);
    }
    const [text, kind] = news(ev, told);
    this.tell(text, kind);
    this.redraw();
  }

  async reload() {  // the newest document, with this page's unsaved changes put back on top
    const page = this.page;
    const { status, body } = await get("/api/state");
    if (status !== 200) return;
    const mine = diff(page.synced, page.doc);
    const moved = diff(page.synced, body.results);
    this.history.map((doc) => { for (const ch of moved) apply(doc, ch); return doc; });
    page.synced = body.results;
    page.doc = clone(body.results);
    for (const ch of mine) apply(page.doc, ch);
    page.rev = body.rev;
    page.version = body.version;
    this.redraw();
  }

  // ------------------------------------------------------------ who is entering what

  start(join) {
    const whose = $("whose");
    const names = this.page.setup.players.map((p) => p.name);
    whose.replaceChildren(new Option("everything", ""), ...names.map((n) => new Option(`${n}'s sheets`, n)));
    whose.value = localStorage.getItem(this.whoseKey()) || "";
    whose.onchange = () => {
      localStorage.setItem(this.whoseKey(), whose.value);
      this.announce();
    };
    if (join) {
      $("join-qr").src = join.qr;
      $("join-url").textContent = join.url;
      $("join").hidden = false;
      if (!$("join-how")) {
        $("join-url").after(Object.assign(document.createElement("p"), { id: "join-how", textContent:
          "On another phone at this table, on the same Wi-Fi: point its camera at this code (or type the address), " +
          "then pick whose sheets that phone enters. Both phones then enter into this one file." }));
      }
    }
    for (const id of ["told", "others"]) {  // a line cut off in its strip opens whole with a tap
      $(id).addEventListener("click", () => {
        const open = $(id).style.whiteSpace !== "normal";
        Object.assign($(id).style, { whiteSpace: open ? "normal" : "", overflow: open ? "visible" : "", textOverflow: open ? "clip" : "" });
      });
    }
    this.connect();
    this.announce();
  }

  whoseKey() { return `printkit:whose:${location.host}:${this.page.file}`; }

  announce() {
    const v = $("whose").value;
    post("/api/presence", { name: v ? `${v}'s phone` : "", entering: v ? `${v}'s sheets` : "everything" },
      { "X-Printkit-Client": this.page.client }).catch(() => {});
  }

  presence(devices) {
    this.devices = devices;
    this.say();
  }

  say() {
    const others = this.devices.filter((d) => d.device !== this.page.client);
    $("others").textContent = $("others").title = others.length
      ? "Also entering: " + others.map(deviceName).join(", ")
      : "No other phone on this game yet.";
  }
}

// a device as the players know it: by the player it enters for ("Ben's phone"), else by what it enters
export function deviceName(d) {
  const who = /^(.+)'s sheets$/.exec(d.entering || "");
  if (who) return `${who[1]}'s phone`;
  return d.entering && d.entering !== "everything" ? `a phone entering ${d.entering}` : "a phone entering every sheet";
}

// what another device did, in one line: the parts as the server names them (as players say them, where it
// sends `name`), else as the file names them
export function news(ev, told) {
  const who = ev.by ? ev.by.replace(/'s device$/, "'s phone") : "Another phone";
  if (told.length) return [`${who} changed ${told.map((t) => t.name || t.part).join(", ")} after you: theirs stands. Undo brings yours back.`, "told"];
  return [`${who} entered ${ev.changes.map((c) => c.name || partName(c.path)).join(", ")}.`, ""];
}
