// The parts of a results document: what changed between two versions of it, as the parts of the record
// it touches (a grid, a sheet, a round, one line of a log), and a change applied to a document. The
// server applies the same changes (enter/sync.py); a part is named as the file names it: fills.Ann.Ben,
// rounds[2], moves[14] (the server sends each with the name players say: "round 3", "move 15").
// A line added at a log's end travels as an append (two devices adding a line at once keep both, in the
// order the server got them); a grid (a text of rows of squares) travels with the grid it was made from
// ("was"), so that the server and the page merge it square by square with what others wrote meanwhile.

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
export const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const isGrid = (v) => typeof v === "string" && v.trim().includes("\n");

export function partName(path) {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${p}` : p)).join("");
}

// the changes that make `a` into `b`:
// [{path, value, was?} | {path, append, n} | {path, drop: true} | {path, length}]
export function diff(a, b, path = [], out = []) {
  if (same(a, b)) return out;
  if ((a === null || a === undefined) && Array.isArray(b) && b.length && path.length) {  // a log's first lines
    b.forEach((v, i) => out.push({ path, append: clone(v), n: i }));
    return out;
  }
  if (isMap(a) && isMap(b)) {
    for (const k of Object.keys(a)) if (!(k in b)) out.push({ path: [...path, k], drop: true });
    for (const k of Object.keys(b)) {
      if (!(k in a) && !Array.isArray(b[k])) out.push({ path: [...path, k], value: clone(b[k]) });
      else diff(a[k], b[k], [...path, k], out);
    }
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b) && path.length) {  // a log or a list of rounds: item by item
    for (let i = 0; i < b.length; i++) {
      // n: the line's place as this page saw it, so that a save sent twice adds it once
      if (i >= a.length) out.push({ path, append: clone(b[i]), n: i });
      else if (!same(a[i], b[i])) diff(a[i], b[i], [...path, i], out);
    }
    if (b.length < a.length) out.push({ path, length: b.length });
    return out;
  }
  if (isGrid(a) && isGrid(b)) out.push({ path, value: b, was: a });
  else out.push({ path, value: clone(b) });
  return out;
}

export function get(doc, path) {
  let here = doc;
  for (const key of path) {
    if (here === null || typeof here !== "object" || !(key in here)) return undefined;
    here = here[key];
  }
  return here;
}

// one change applied to `doc` in place (containers on the way made as needed); as sync.apply does. An
// append with its place on the server (`at`, in an event) goes in at that place, before lines this page
// added and has not saved yet; a grid sent with the grid it was made from is merged square by square.
export function apply(doc, change) {
  const { path } = change;
  if ("append" in change && !change.drop) {
    let list = get(doc, path);
    if (!Array.isArray(list)) { apply(doc, { path, value: [] }); list = get(doc, path); }
    // this page's own line (n: its place as this page saw it), there already: a save's answer and its event
    // both bring it, and a reload may have brought it first
    if (change.n !== undefined && list.slice(change.n).some((v) => same(v, change.append))) return doc;
    list.splice(Math.min(change.at ?? list.length, list.length), 0, clone(change.append));
    return doc;
  }
  let here = doc;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    const wantList = typeof path[i + 1] === "number";
    let next = here[key];
    if (wantList ? !Array.isArray(next) : !isMap(next)) {
      next = wantList ? [] : {};
      put(here, key, next);
    }
    here = next;
  }
  const last = path[path.length - 1];
  if (change.drop) {
    if (Array.isArray(here)) { if (last < here.length) here.splice(last, 1); } else delete here[last];
  } else if ("length" in change) {
    if (Array.isArray(here[last])) here[last].length = Math.min(here[last].length, change.length);
  } else {
    const now = here[last];
    const merged = typeof change.was === "string" && isGrid(now) && now !== change.was
      ? mergeGrid(change.was, change.value, now) : null;
    put(here, last, merged === null ? clone(change.value) : merged);
  }
  return doc;
}

function put(here, key, value) {
  if (Array.isArray(here) && key >= here.length) here.push(value);
  else here[key] = value;
}

// `mine` (a grid changed from `base`) with the squares `theirs` changed from `base` put in (mine stands
// where both changed one); null when the three are not grids of one shape. As sync.merge_grid does.
export function mergeGrid(base, mine, theirs) {
  const rows = (t) => t.split("\n").filter((ln) => ln.trim()).map((ln) => ln.trim().split(/\s+/));
  const [b, m, t] = [rows(base), rows(mine), rows(theirs)];
  const shape = (g) => g.map((r) => r.length).join(",");
  if (!b.length || b.length < 2 || shape(b) !== shape(m) || shape(b) !== shape(t)) return null;
  let r = 0;
  return mine.split("\n").map((line) => {
    if (!line.trim()) return line;
    const row = r++;
    let c = 0;
    return line.replace(/\S+/g, () => { const i = c++; return m[row][i] === b[row][i] ? t[row][i] : m[row][i]; });
  }).join("\n");
}

// whether two parts overlap (one is the other, or holds it)
export function overlaps(p, q) {
  const n = Math.min(p.length, q.length);
  for (let i = 0; i < n; i++) if (p[i] !== q[i]) return false;
  return true;
}
