// The parts of a results document: what changed between two versions of it, as the parts of the record
// it touches (a grid, a sheet, a round, one line of a log), and a change applied to a document. The
// server applies the same changes (enter/sync.py); a part is named as the file names it: fills.Ann.Ben,
// rounds[2], moves[14] (the server sends each with the name players say: "round 3", "move 15").
// Each line of a list has an identity, kept beside the document in a tree of the same shape (its "lines",
// as enter/lines.py keeps them): a change to a list says which lines it means by identity (a line added comes
// with its own; a line taken away, or set, is named by its), so that it means the same lines on the server,
// whatever other devices added or took away meanwhile (two devices adding a line at once keep both, in the
// order the server got them). A grid (a text of rows of squares) travels with the grid it was made from
// ("was"), so that the server and the page merge it square by square with what others wrote meanwhile.

const isMap = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
export const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
const isGrid = (v) => typeof v === "string" && v.trim().includes("\n");

export function partName(path) {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${p}` : p)).join("");
}

// ---------------------------------------------------------------- the lines' identities

const self_ = Math.random().toString(36).slice(2, 10);
let made = 0;
export const newId = () => `${self_}.${++made}`;  // a line this page adds (unique to this page)

// the lines of `v`, each with a new identity: a list's {ids, of: each line's own}, a mapping's {key: ...}
export function fresh(v) {
  if (Array.isArray(v)) return { ids: v.map(() => newId()), of: v.map(fresh) };
  if (isMap(v)) {
    const out = {};
    for (const [k, x] of Object.entries(v)) { const s = fresh(x); if (s !== null) out[k] = s; }
    return out;
  }
  return null;
}

// the lines of `nw`, an edit of `old` (whose lines are `olds`): a line standing as it stood, counted from
// either end, keeps its identity; the lines between are paired place by place (a line typed over keeps its
// identity); the rest are new. As lines.align does.
export function align(old, olds, nw) {
  if (Array.isArray(nw)) {
    if (!Array.isArray(old) || !olds || !Array.isArray(olds.ids) || olds.ids.length !== old.length) return fresh(nw);
    if (same(old, nw)) return olds;
    let p = 0;
    while (p < Math.min(old.length, nw.length) && same(old[p], nw[p])) p++;
    let s = 0;
    while (s < Math.min(old.length, nw.length) - p && same(old[old.length - 1 - s], nw[nw.length - 1 - s])) s++;
    const ids = [], of = [];
    nw.forEach((v, i) => {
      const j = i < p || (i - p < old.length - p - s && i < nw.length - s) ? i : i >= nw.length - s ? old.length - (nw.length - i) : null;
      ids.push(j === null ? newId() : olds.ids[j]);
      of.push(j === null ? fresh(v) : align(old[j], olds.of[j], v));
    });
    return { ids, of };
  }
  if (isMap(nw)) {
    const out = {}, o = isMap(old) ? old : {}, os = isMap(old) && isMap(olds) ? olds : {};
    for (const [k, x] of Object.entries(nw)) { const s = align(o[k], os[k], x); if (s !== null) out[k] = s; }
    return out;
  }
  return null;
}

function linesAt(lines, path) {
  for (const key of path) lines = lines && (typeof key === "number" ? (lines.of || [])[key] : lines[key]);
  return lines ?? null;
}

// the change's path with each list place where the line it names stands in `doc` now (null: a line gone)
export function find(doc, lines, change) {
  const { path } = change, named = change.lines;
  if (!named) return path;
  const out = [];
  let hl = lines;
  for (let i = 0; i < path.length; i++) {
    let key = path[i];
    if (typeof key === "number" && named[i] !== null && named[i] !== undefined) {
      key = hl && hl.ids ? hl.ids.indexOf(named[i]) : -1;
      if (key < 0) return null;
    }
    out.push(key);
    hl = linesAt(hl, [key]);
  }
  return out;
}

// a server run anew names the file's lines anew: the identities `old`'s lines (`olds`) had, each mapped to
// the one its line has in `nw` (its lines `nws`), where it stands alike
export function renames(old, olds, nw, nws) {
  const out = new Map();
  const pair = (x, y) => {
    if (!x || !y) return;
    if (Array.isArray(x.ids) && Array.isArray(y.ids)) {
      x.ids.forEach((id, i) => { if (id !== y.ids[i]) out.set(id, y.ids[i]); pair(x.of[i], y.of[i]); });
    } else for (const k of Object.keys(x)) pair(x[k], y[k]);
  };
  pair(olds, align(nw, nws, old));
  return out;
}

// lines, or a change, with the identities in `map` renamed
export function renamed(v, map) {
  const to = (id) => map.get(id) ?? id;
  if (!v || typeof v !== "object") return v;
  if (Array.isArray(v.path)) {
    return { ...v, ...(v.lines ? { lines: v.lines.map(to) } : {}), ...(v.remove ? { remove: v.remove.map(to) } : {}),
             ...(v.before ? { before: to(v.before) } : {}), ...(v.after ? { after: to(v.after) } : {}),
             ...(v.id !== undefined ? { id: to(v.id) } : {}) };
  }
  if (Array.isArray(v.ids)) return { ids: v.ids.map(to), of: v.of.map((x) => renamed(x, map)) };
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, renamed(x, map)]));
}

// a change's parts by identity: a line named by its identity wherever it stands (its list's, for a line
// added or taken away: each line's)
function wheres(ch) {
  const at = ch.path.map((k, i) => (typeof k === "number" && ch.lines && ch.lines[i] ? ch.lines[i] : k));
  if ("append" in ch) return [[...at, ch.id]];
  if ("remove" in ch) return ch.remove.map((id) => [...at, id]);
  return [at];
}

// whether two changes touch one part (one is the other, or holds it)
export const touch = (a, b) => wheres(a).some((p) => wheres(b).some((q) => overlaps(p, q)));

function named(path, lines) { return path.some((k) => typeof k === "number") ? { path, lines } : { path }; }

// the changes that make `a` (its lines `as`) into `b` (its lines `bs`), each line named by its identity:
// [{path, value, was?} | {path, append, id, before?} | {path, remove: [id...], empty?} | {path, drop: true}]
// (`lines`: beside a path with list places, the identity of the line meant at each)
export function diff(a, as, b, bs, path = [], ids = [], out = []) {
  if (Array.isArray(a) && Array.isArray(b) && path.length) {  // a log or a list of rounds: line by line
    const ia = (as && as.ids) || [], ib = (bs && bs.ids) || [];
    if (same(a, b) && same(ia, ib)) return out;
    const gone = ia.filter((id) => !ib.includes(id));
    if (gone.length) out.push({ ...named(path, ids), remove: gone });
    b.forEach((v, i) => {
      const j = ia.indexOf(ib[i]);
      if (j >= 0) { diff(a[j], as.of[j], v, bs.of[i], [...path, j], [...ids, ib[i]], out); return; }
      const next = ib.slice(i + 1).find((id) => ia.includes(id));  // a line put in between: before the next one
      out.push({ ...named(path, ids), append: clone(v), id: ib[i], ...(next ? { before: next } : {}) });
    });
    return out;
  }
  if (same(a, b)) return out;
  if (Array.isArray(a) && path.length && (b === null || b === undefined)) {  // a log emptied: its lines taken away
    out.push({ ...named(path, ids), remove: (as && as.ids) || [], empty: b === null ? { value: null } : { drop: true } });
    return out;
  }
  if ((a === null || a === undefined) && Array.isArray(b) && b.length && path.length) {  // a log's first lines
    b.forEach((v, i) => out.push({ ...named(path, ids), append: clone(v), id: bs.ids[i] }));
    return out;
  }
  if (isMap(a) && isMap(b)) {
    const sa = isMap(as) ? as : {}, sb = isMap(bs) ? bs : {};
    for (const k of Object.keys(a)) {
      if (k in b) continue;
      if (Array.isArray(a[k])) diff(a[k], sa[k], undefined, null, [...path, k], [...ids, null], out);
      else out.push({ ...named([...path, k], [...ids, null]), drop: true });
    }
    for (const k of Object.keys(b)) {
      if (!(k in a) && !Array.isArray(b[k])) out.push({ ...named([...path, k], [...ids, null]), value: clone(b[k]) });
      else diff(a[k], sa[k], b[k], sb[k], [...path, k], [...ids, null], out);
    }
    return out;
  }
  if (isGrid(a) && isGrid(b)) out.push({ ...named(path, ids), value: b, was: a });
  else out.push({ ...named(path, ids), value: clone(b) });
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

// one change applied to `doc` (its lines `lines`) in place; returns the document's lines (as lines.apply
// does). A line whose identity the list holds already is not added again (a save's answer and its event both
// bring it); a line added goes in after the line it follows on the server (`after`, in an event: before
// lines this page added and has not saved yet), else before the line it was put before, else at the end;
// a change naming a line this page no longer holds is left out; a grid sent with the grid it was made from
// is merged square by square.
export function apply(doc, lines, change) {
  const path = find(doc, lines, change);
  if (path === null) return lines;  // the line it names is gone (taken away here or by another device)
  if ("append" in change && !change.drop) {
    let list = get(doc, path);
    if (!Array.isArray(list)) { change0(doc, { path, value: [] }); list = get(doc, path); }
    let mine = linesAt(lines, path);
    if (!mine || !Array.isArray(mine.ids) || mine.ids.length !== list.length) lines = setAt(lines || {}, path, mine = fresh(list));
    const id = change.id ?? newId();
    if (mine.ids.includes(id)) return lines;
    let place = list.length;
    if (change.after === null) place = 0;
    else if (mine.ids.includes(change.after)) place = mine.ids.indexOf(change.after) + 1;
    else if (mine.ids.includes(change.before)) place = mine.ids.indexOf(change.before);
    list.splice(place, 0, clone(change.append));
    mine.ids.splice(place, 0, id);
    mine.of.splice(place, 0, fresh(change.append));
    return lines;
  }
  if ("remove" in change) {
    const list = get(doc, path), mine = linesAt(lines, path);
    if (!Array.isArray(list) || !mine || !Array.isArray(mine.ids)) return lines;
    for (let k = list.length - 1; k >= 0; k--) {
      if (change.remove.includes(mine.ids[k])) { list.splice(k, 1); mine.ids.splice(k, 1); mine.of.splice(k, 1); }
    }
    if (list.length || !change.empty) return lines;
    const before = clone(doc);
    change0(doc, { path, ...change.empty });
    return align(before, lines, doc);
  }
  const before = clone(doc);
  change0(doc, { ...change, path });
  return align(before, lines, doc);
}

function setAt(lines, path, value) {  // `lines` with the lines of the part at `path` set to `value`
  let here = lines;
  path.slice(0, -1).forEach((key) => {
    const next = typeof key === "number" ? here.of[key] : here[key];
    here = next || (typeof key === "number" ? (here.of[key] = {}) : (here[key] = {}));
  });
  const last = path[path.length - 1];
  if (typeof last === "number") here.of[last] = value; else here[last] = value;
  return lines;
}

// one change applied by place (its path's places where its lines stand): as sync.apply does
function change0(doc, change) {
  const { path } = change;
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
