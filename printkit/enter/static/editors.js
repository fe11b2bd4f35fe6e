// Text boxes for the play record, in the results file's own line syntax (`Ann add 3`, `B2-B4`):
// a typed record and a drawn one mix, and a game without a board yet is still entered here.
import { at, put } from "/static/record.js";

const toValue = {
  lines: (text) => text.split("\n").map((s) => s.trim()).filter(Boolean),
  items: (text) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean),
  list: (text) => text.split(/[\n,]+/).map((s) => s.trim()).filter(Boolean),
  grid: (text) => { const t = text.replace(/\s+$/, ""); return t ? t + "\n" : ""; },
  text: (text) => text.trim(),
};
const toText = {
  lines: (v) => (Array.isArray(v) ? v.join("\n") : v == null ? "" : String(v)),
  items: (v) => (Array.isArray(v) ? v.join(", ") : v == null ? "" : String(v)),
  list: (v) => (Array.isArray(v) ? v.join(", ") : v == null ? "" : String(v)),
  grid: (v) => (v == null ? "" : Array.isArray(v) ? v.join("\n") : String(v).replace(/\n$/, "")),
  text: (v) => (v == null ? "" : String(v)),
};

export function keyName(path) {  // as the scorer names keys: rounds[2], sheets.Ann.walls
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p + 1}]` : (out ? `.${p}` : String(p));
  return out;
}

// A line typed in a box is written to the file once it is finished (Enter, or the box left) or the typing
// pauses for PAUSE ms: each keystroke's half line ("Ann a") is kept in this browser, never written (a stop
// of the server mid-word left it in the file as a move). `typing`: a box holds a line not finished.
const PAUSE = 2000;
const FINISHED = new Set(["insertLineBreak", "insertParagraph", "insertFromPaste", "insertFromDrop"]);

export class Editors {
  // onDone(): a line typed is finished (the record is checked and saved as it stands)
  constructor(root, onInput, onDone = () => {}) {
    Object.assign(this, { root, onInput, onDone, boxes: [], typing: false, timer: null });
  }

  done() {
    clearTimeout(this.timer);
    if (!this.typing) return;
    this.typing = false;
    this.onDone();
  }

  build(specs, doc) {
    this.root.replaceChildren();
    this.boxes = [];
    if (!specs.length) return;
    const h = document.createElement("h2");
    h.textContent = "The record as text";
    this.root.append(h);
    for (const spec of specs) {
      const wrap = document.createElement("div");
      wrap.className = `editor ${spec.kind}`;
      const id = "ed-" + this.boxes.length;
      const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: spec.label });
      const box = document.createElement(spec.kind === "text" ? "input" : "textarea");
      box.id = id;
      box.spellcheck = false;
      box.autocomplete = "off";
      box.setAttribute("autocapitalize", "off");
      box.dataset.path = keyName(spec.path);
      if (spec.hint) box.placeholder = spec.hint;
      if (spec.kind !== "text") box.rows = spec.rows || (spec.kind === "grid" ? 8 : spec.kind === "list" ? 2 : 4);
      const err = document.createElement("p");
      err.className = "editor-error";
      err.hidden = true;
      box.addEventListener("input", (e) => {
        const value = toValue[spec.kind](box.value);
        const empty = Array.isArray(value) ? value.length === 0 : value === "";
        clearTimeout(this.timer);
        // a line ended (a line break typed or put in with it), or pasted whole: written at once
        this.typing = !FINISHED.has(e.inputType) && !(typeof e.data === "string" && e.data.includes("\n"));
        this.typingPath = this.typing ? spec.path : null;
        if (this.typing) this.timer = setTimeout(() => this.done(), PAUSE);
        this.onInput(spec.path, spec.optional && empty ? undefined : value, spec.kind);  // an optional part left empty is left out
        if (!this.typing) this.onDone();  // (at once: before a next key can start the next line)
      });
      // the box left for another part of the page (not the page going, or another app: the line stays held,
      // kept in this browser), or Enter in a one-line box
      box.addEventListener("blur", () => { if (document.hasFocus()) this.done(); });
      box.addEventListener("keydown", (e) => { if (e.key === "Enter" && box.tagName === "INPUT") this.done(); });
      wrap.append(label, box, err);
      this.root.append(wrap);
      this.boxes.push({ spec, box, err, key: keyName(spec.path) });
    }
    this.show(doc, null);
  }

  show(doc, from) {
    for (const b of this.boxes) {
      b.err.hidden = true;
      if (from === b.spec.path.join("/")) continue;  // the box being typed in keeps its text as typed
      const text = toText[b.spec.kind](at(doc, b.spec.path));
      if (toText[b.spec.kind](toValue[b.spec.kind](b.box.value)) !== text) replace(b.box, text);
    }
  }

  valueOf(path) {  // what a box holds, as the record takes it
    const b = this.boxes.find((x) => x.spec.path.join("/") === path.join("/"));
    return b ? toValue[b.spec.kind](b.box.value) : undefined;
  }

  // a line half typed before the page went (a reload, the tab closed), back in its box: held, as while typing,
  // until it is finished (Enter, the box left, or the typing pausing as long as it would have), never written
  // at once as it stands
  resume(path, value) {
    const b = this.boxes.find((x) => x.spec.path.join("/") === path.join("/"));
    if (!b || value === undefined) return;
    this.typing = true;
    this.typingPath = path;
    this.onInput(path, value, b.spec.kind);
    b.box.value = toText[b.spec.kind](value);  // (not focused: the page coming back to its place would take the
    clearTimeout(this.timer);                   // focus away, and a box left is a line finished)
    this.timer = setTimeout(() => this.done(), PAUSE);
  }

  put(doc, path, value) {  // under the keys as typed (a sheet keyed `ann` stays `ann`), a grid in the form it has
    const was = at(doc, path);
    put(doc, path, Array.isArray(was) && typeof value === "string" ? value.replace(/\n$/, "").split("\n") : value);
  }

  flag(message) {  // an unreadable record: the message under the box it names
    const key = message.split(":")[0].toLowerCase();
    for (const b of this.boxes) {
      const mine = b.key.toLowerCase();
      if (key === mine || key.startsWith(mine + "[") || key.startsWith(mine + ".")) {
        b.err.textContent = message;
        b.err.hidden = false;
      }
    }
  }
}

// a box's text replaced by the newest record (another phone's line, a reload) while its caret stands in it: the
// caret stays with the text it was in (the same characters before it), never sent to the end, so that the
// next key goes where the player was typing (it went on another phone's line added below)
function replace(box, text) {
  const old = box.value;
  if (document.activeElement !== box || typeof box.selectionStart !== "number") { box.value = text; return; }
  let head = 0;
  while (head < old.length && head < text.length && old[head] === text[head]) head += 1;
  let tail = 0;
  while (tail < old.length - head && tail < text.length - head && old[old.length - 1 - tail] === text[text.length - 1 - tail]) tail += 1;
  const moved = (at) => (at <= head ? at : at >= old.length - tail ? at + text.length - old.length : text.length - tail);
  const [start, end, way] = [box.selectionStart, box.selectionEnd, box.selectionDirection];
  box.value = text;
  box.setSelectionRange(moved(start), moved(end), way || "none");
}
