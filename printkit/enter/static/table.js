// Several devices on one file. The others' changes come as they are saved (server-sent events) and are
// put into this page at once, except where this page holds a change of its own not saved yet (that one is
// the later, and stands); a change of this page that another device wrote over is kept in undo, and the
// page says so, with both values, the part named as players say it ("round 3", "Ann's store, A6"). Each
// device says whose sheets it is entering, and sees who else is entering what. The
// code the next phone joins from is on the page.
import { get as get_, post } from "/static/api.js";
import { apply, clone, diff, find, get, mergeGrid, partName, renamed, touch } from "/static/parts.js";
import { carried } from "/static/saving.js";

const $ = (id) => document.getElementById(id);
const shown = (v) => (v === null || v === undefined ? "nothing" : typeof v === "string" ? `"${v.trim().split("\n").join(" / ")}"`
  : JSON.stringify(v));
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
      const now = JSON.parse(e.data);  // a change missed, or a server started again (its lines named anew)
      if (now.rev !== this.page.rev || now.run !== this.page.run) this.reload();
      this.announce();  // a device back on the network says again whose sheets it enters
      this.say();
    });
    this.source.addEventListener("change", (e) => this.change(JSON.parse(e.data)));
    this.source.addEventListener("presence", (e) => this.presence(JSON.parse(e.data)));
    this.source.onerror = () => { document.body.dataset.live = "0"; };  // it tries again by itself
  }

  change(ev) {
    const page = this.page;
    if (ev.run !== undefined && ev.run !== page.run) { this.reload(); return; }  // a server started again
    if (ev.rev <= page.rev) return;  // this page has it already
    if (ev.reload || ev.rev !== page.rev + 1) { this.reload(); return; }
    page.rev = ev.rev;
    page.version = ev.version;
    if (ev.rewritten) this.tell(`${page.file} was written whole: ${ev.rewritten}. Everything entered is in it.`, "told");
    if (ev.device === page.client) {  // this page's own: a grid the server merged brings the others' squares
      const id = ev.id ? ev.id.join(":") : null;
      if (id && this.saver.applied.has(id)) return;  // its answer put it in already
      for (const ch of ev.changes) this.merge(ch, true);
      if (id) this.saver.applied.add(id);
      return;
    }
    const told = ev.replaced.filter((r) => r.device === page.client);
    // a line another device took away while this page was changing it: the change goes with it, and is said
    const removes = ev.changes.filter((ch) => "remove" in ch);
    const mine = removes.length ? diff(page.synced, page.syncedLines, page.doc, page.lines) : [];
    const lost = removes.filter((ch) => mine.some((m) => !("remove" in m) && touch(m, ch)));
    this.history.map(([doc, lines]) => { for (const ch of ev.changes) lines = apply(doc, lines, ch); return [doc, lines]; });
    if (told.length) this.history.record(JSON.stringify([page.doc, page.lines]));  // this page's own value, one Undo away
    for (const ch of ev.changes) this.merge(ch, false);
    const where = together(ev.changes.map((c) => c.said || partName(c.path)));
    const by = this.nameOf(ev.device);
    if (told.length) {
      const both = told.map((t) => `${t.part} to ${shown(t.now)} (yours: ${shown(t.was)})`).join("; ");
      this.tell(`${by} changed ${both}. Undo brings yours back.`, "told");
    } else if (lost.length) {
      const which = together(lost.map((c) => c.said || partName(c.path)));
      this.tell(`${by} took away what you were changing in ${which}; your change to it is not kept.`, "told");
    } else {
      this.tell(`${by} entered ${where}.`, "");
    }
    this.redraw();
  }

  // a change from the server put into this page: into what the file holds (synced), and into the page
  // except where this page holds a change of its own not saved yet to the same part (its lines named by
  // identity: a line added goes in before this page's own new lines, a line taken away goes wherever it
  // stands; a grid takes the squares this page did not change)
  merge(ch, own) {
    const page = this.page;
    const at = find(page.synced, page.syncedLines, ch);
    const before = at && clone(get(page.synced, at));
    const pending = !own && diff(page.synced, page.syncedLines, page.doc, page.lines).some((m) => touch(m, ch));
    page.syncedLines = apply(page.synced, page.syncedLines, ch);
    if ("append" in ch || "remove" in ch) { if (!own) page.lines = apply(page.doc, page.lines, ch); return; }
    if (!own && !pending) { page.lines = apply(page.doc, page.lines, ch); return; }
    const here = find(page.synced, page.syncedLines, ch), there = find(page.doc, page.lines, ch);
    const now = here && get(page.synced, here);
    const grid = there && typeof before === "string" && typeof now === "string" && before !== now
      ? mergeGrid(before, String(get(page.doc, there) ?? ""), now) : null;
    if (grid !== null) page.lines = apply(page.doc, page.lines, { path: there, value: grid });  // else this page's own stands
  }

  // the newest document, with this page's unsaved changes put back on top; `sent`: the changes of a save just
  // answered, in the file now (the page's own, not put back a second time); `maybe`: those of a save refused
  // by a server started again, which may be in the file (its lines paired with the file's where they stand alike)
  async reload(sent = null, maybe = null) {
    const page = this.page, saver = this.saver;
    const { status, body } = await get_("/api/state");
    if (status !== 200) return;
    let synced = page.synced, syncedLines = page.syncedLines;
    let own = [];  // this page's own changes that the file may hold (written by the last run, or by its Ctrl-C)
    if (sent) {
      synced = clone(synced);
      for (const ch of sent) syncedLines = apply(synced, syncedLines, ch);
    }
    if (body.run !== page.run) {  // a server started again: this page's lines named as it names them now
      // (every line the page added may be in the file: sent before the stop, or written by its Ctrl-C)
      const pending = [...(maybe || saver.batch?.changes || []), ...diff(synced, syncedLines, page.doc, page.lines)];
      const map = carried(synced, syncedLines, { changes: pending }, body.results, body.lines);
      own = pending.map((ch) => renamed(ch, map));
      syncedLines = renamed(syncedLines, map);
      page.lines = renamed(page.lines, map);
      this.history.map(([doc, lines]) => [doc, renamed(lines, map)]);
      if (saver.batch) saver.renamed(map);
      page.run = body.run;
    }
    const mine = diff(synced, syncedLines, page.doc, page.lines);  // this page's own, by identity
    // what other devices changed meanwhile, put into every undo step; never this page's own changes found in
    // the file (an Undo then takes them back: a move Ctrl-C wrote was put under every step, and Undo took the
    // move before it instead)
    const what = (ch) => JSON.stringify("append" in ch ? ["append", ch.path, ch.id] : [ch.path, ch.value]);
    const ownAs = new Set(own.map(what));
    const moved = diff(synced, syncedLines, body.results, body.lines).filter((ch) => !ownAs.has(what(ch)));
    this.history.map(([doc, lines]) => { for (const ch of moved) lines = apply(doc, lines, ch); return [doc, lines]; });
    page.synced = body.results;
    page.syncedLines = body.lines;
    page.doc = clone(body.results);
    page.lines = clone(body.lines);
    // (a line of this page's already saved is not added twice; a change to a line gone is left out, and said)
    const gone = [];
    for (const ch of mine) {
      if (!("remove" in ch) && find(page.doc, page.lines, ch) === null) gone.push(ch);
      page.lines = apply(page.doc, page.lines, ch);
    }
    page.rev = body.rev;
    page.version = body.version;
    if (body.rewritten) this.tell(`${page.file} was written whole: ${body.rewritten}.`, "told");
    if (gone.length) this.tell("Another phone took away what you were changing; your change to it is not kept.", "told");
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

  whoseKey() { return `printkit:whose:${location.host}:${this.page.where}`; }

  announce() {
    const v = $("whose").value;
    post("/api/presence", { name: v ? `${v}'s phone` : "", entering: v ? `${v}'s sheets` : "everything" },
      { "X-Printkit-Client": this.page.client }).catch(() => {});
  }

  // the phone a change came from, as the players know it: "Ben's phone", else "Another phone"
  nameOf(device) {
    const d = this.devices.find((x) => x.device === device);
    return d && /'s sheets$/.test(d.entering || "") ? deviceName(d) : "Another phone";
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

// the parts one change wrote, as the players say them, each said once: "round 1, segments 2-4" for
// "round 1, segment 2", "round 1, segment 3", "round 1, segment 4"; "moves 8 and 10"; "Ann's curve, B3 and B4"
export function together(names) {
  const groups = [];  // [what they share ("round 1"), [what differs ("segment 2")]]
  for (const name of names) {
    const i = name.lastIndexOf(", ");
    const [head, tail] = i < 0 ? ["", name] : [name.slice(0, i), name.slice(i + 2)];
    const last = groups.at(-1);
    if (last && last[0] === head) { if (!last[1].includes(tail)) last[1].push(tail); } else groups.push([head, [tail]]);
  }
  return groups.map(([head, tails]) => (head ? `${head}, ` : "") + counted(tails)).join("; ");
}

function counted(tails) {  // ["segment 2", "segment 3", "segment 5"] -> "segments 2-3 and 5"
  const parts = tails.map((t) => /^(.+) (\d+)$/.exec(t));
  const word = parts[0] && parts[0][1];
  if (tails.length < 2 || !parts.every((p) => p && p[1] === word)) return listed(tails);
  const nums = [...new Set(parts.map((p) => Number(p[2])))].sort((a, b) => a - b);
  const runs = [];
  for (const n of nums) { const r = runs.at(-1); if (r && n === r[1] + 1) r[1] = n; else runs.push([n, n]); }
  return `${word}s ${listed(runs.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)))}`;
}

const listed = (xs) => (xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`);
