// The results document as the player typed it: a part found under its key as typed (a sheet keyed `ann`
// for the player Ann is edited there, never doubled as `Ann`), a grid read in every form the scorer takes
// (a '|' block or a list of row strings) and written back in the form it had, and a part that does not
// read left alone. The page edits only what the player meant; the scorer checks it.

// a name as the scorer compares names (Python's str.casefold, model.player_named): each character lowered,
// raised and lowered again ("Straße" and "STRASSE" are one name; ẞ, ς, ﬁ fold too), the dotless ı kept as
// casefold keeps it (tests/enter/test_names_folded.py feeds both sides the same names)
export const fold = (s) => Array.from(s, (ch) => (ch === "\u0131" ? ch : ch.toLowerCase().toUpperCase().toLowerCase())).join("");

// the key of `obj` that stands for `name`: `name` itself, or the one key equal to it in any case
export function keyIn(obj, name) {
  if (!obj || typeof obj !== "object" || Array.isArray(obj) || typeof name !== "string") return name;
  if (Object.prototype.hasOwnProperty.call(obj, name)) return name;
  const folded = fold(name);
  return Object.keys(obj).find((k) => fold(k) === folded) ?? name;
}

// the path with each name as the document has it
export function typedPath(doc, path) {
  const out = [];
  let v = doc;
  for (const p of path) {
    const k = typeof p === "number" ? p : keyIn(v, p);
    out.push(k);
    v = v == null ? undefined : v[k];
  }
  return out;
}

export function at(doc, path) {
  let v = doc;
  for (const p of typedPath(doc, path)) { if (v == null) return undefined; v = v[p]; }
  return v;
}

// set the value at `path` (names matched as typed), making the mappings and lists on the way
export function put(doc, path, value) {
  const keys = typedPath(doc, path);
  let v = doc;
  keys.slice(0, -1).forEach((p, i) => {
    if (v[p] == null || typeof v[p] !== "object") v[p] = typeof keys[i + 1] === "number" ? [] : {};
    v = v[p];
  });
  const last = keys[keys.length - 1];
  if (value === undefined) delete v[last]; else v[last] = value;
}

// a grid's rows of tokens, from a '|' block or a list of row strings; null when it is neither (the part
// does not read: the page leaves it alone); an empty or missing grid is [] (nothing written yet)
export function gridRows(value) {
  if (value == null || value === "") return [];
  const lines = typeof value === "string" ? value.split("\n")
    : Array.isArray(value) && value.every((r) => typeof r === "string" || typeof r === "number") ? value.map(String) : null;
  return lines && lines.map((l) => l.trim()).filter(Boolean).map((l) => l.split(/\s+/));
}

// rows of tokens written back in the form `was` had: a list of row strings stays a list; otherwise a '|'
// block; either way its columns lined up as on the printed grid
export function gridValue(was, rows) {
  const text = aligned(rows);
  return Array.isArray(was) ? text.trimEnd().split("\n") : text;
}

// a block's rows with equal columns: each token right-aligned in its column, the first column flush left
// where every first token fits (YAML reads a block's indent from its first row)
export function aligned(rows) {
  const cols = Math.max(0, ...rows.map((r) => r.length));
  const widths = Array.from({ length: cols }, (_, c) => Math.max(1, ...rows.map((r) => String(r[c] ?? "").length)));
  return rows.map((r) => r.map((t, c) => (c === 0 ? String(t).padEnd(widths[0]) : String(t).padStart(widths[c]))).join(" ").trimEnd())
    .join("\n") + "\n";
}

// whether a part (a path) is one the page was told does not read, or holds one, or sits inside one
export function unreadable(unread, path) {
  const key = path.join("\u0000").toLowerCase();
  return (unread || []).some((u) => {
    const other = u.path.join("\u0000").toLowerCase();
    return other === key || other.startsWith(key + "\u0000") || key.startsWith(other + "\u0000");
  });
}
