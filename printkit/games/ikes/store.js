// The Long Way's store in the results document (sheets.NAME: grid, walls, entrance, exit, turns), read and
// written the way a person types it. Nothing here checks a rule: the scorer does.

export const ROWS = "ABCDEFG";
export const SIDES = "NESW";
export const STEP = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const WALL = /^\s*([A-Ga-g])\s*([1-7])\s*([NESWnesw])\s*(\*?)\s*$/;

export const sq = (r, c) => `${ROWS[r]}${c + 1}`;
export const wallKey = (r, c, side) => `${sq(r, c)} ${side}`;
export const outer = (r, c, side) => { const [dr, dc] = STEP[side]; return r + dr < 0 || r + dr > 6 || c + dc < 0 || c + dc > 6; };
const order = (k) => { const m = WALL.exec(k); return m ? ((ROWS.indexOf(m[1].toUpperCase()) * 7 + Number(m[2]) - 1) * 4 + SIDES.indexOf(m[3].toUpperCase())) : 999; };

import { gridRows, keyIn } from "/static/record.js";

// a player's sheet, under its key as typed (a sheet keyed `ann` is Ann's); a new one holds no doorways yet
export function sheetOf(doc, p) {
  if (!doc.sheets || typeof doc.sheets !== "object") doc.sheets = {};
  const key = keyIn(doc.sheets, p);
  if (!doc.sheets[key] || typeof doc.sheets[key] !== "object") doc.sheets[key] = { grid: "", walls: [] };
  return doc.sheets[key];
}

// the store's 7 x 7 marks, from a block or a list of rows (a row or mark not written yet is "."); null
// where it does not read as 7 rows of 7 (the page leaves it alone: its text box mends it)
export function readGrid(value) {
  const rows = gridRows(value);
  if (!rows || rows.length > 7 || rows.some((r) => r.length > 7) || (rows.length && rows.length < 7)) return null;
  const norm = (t) => (/^[cC]\d$/.test(t) ? t.toUpperCase() : t === "O" ? "o" : t);
  return Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => norm((rows[r] || [])[c] || ".")));
}

// the marks written back in the form the file had (a list of rows stays a list), two columns a mark
export function gridValue(was, g) {
  const lines = g.map((line) => line.map((t) => t.padEnd(2)).join(" ").trimEnd());
  return Array.isArray(was) ? lines : lines.join("\n") + "\n";
}

export function readWalls(list) {  // Map "B2 E" -> doorway? in the file's order, and the entries the page cannot read
  const walls = new Map();
  const keep = [];
  for (const w of Array.isArray(list) ? list : []) {
    const m = WALL.exec(String(w));
    if (m) walls.set(`${m[1].toUpperCase()}${m[2]} ${m[3].toUpperCase()}`, m[4] === "*"); else keep.push(w);
  }
  return { walls, keep };
}

export function changeWalls(doc, p, fn) {  // fn edits the Map; entries the page cannot read stay as typed
  const sh = sheetOf(doc, p);
  const { walls, keep } = readWalls(sh.walls);
  const seen = [...walls.keys()];
  fn(walls);
  const out = seen.filter((k) => walls.has(k)).map((k) => k + (walls.get(k) ? "*" : ""));
  for (const k of walls.keys()) {  // a new wall goes where it belongs in the space-by-space order
    if (seen.includes(k)) continue;
    const at = out.findIndex((w) => order(w) > order(k));
    out.splice(at < 0 ? out.length : at, 0, k + (walls.get(k) ? "*" : ""));
  }
  sh.walls = [...out, ...keep];
}

export function parseRef(ref) {  // "turn:Ann:3" (a log row), "Ann:C3" (a square), "Ann:C3 N" (a side)
  if (ref.startsWith("turn:")) {
    const i = ref.lastIndexOf(":");
    if (/^\d+$/.test(ref.slice(i + 1))) return { kind: "row", player: ref.slice(5, i), i: Number(ref.slice(i + 1)) };
  }
  const i = ref.lastIndexOf(":");
  const m = /^([A-G])([1-7])(?: ([NESW]))?$/.exec(ref.slice(i + 1));
  if (!m) return null;
  return { kind: m[3] ? "edge" : "square", player: ref.slice(0, i), r: ROWS.indexOf(m[1]), c: Number(m[2]) - 1, side: m[3] };
}
