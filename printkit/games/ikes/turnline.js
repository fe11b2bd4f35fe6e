// The Long Way's turn log, a line at a time: the line being built (dice, the tile's A1 space, the display,
// a bonus, a cafeteria, stop), in the results file's own syntax (``15 B2 5@B3 +coins``).

export const blank = (player) => ({ player, rolls: "", kind: "tile", anchor: null, at: null, face: null, bonus: "", cafe: [], pick: null });

export function text(t) {
  const pairs = t.rolls.match(/\d\d/g) || [];
  const parts = [pairs.join(">") + (t.rolls.length % 2 ? (pairs.length ? ">" : "") + t.rolls.slice(-1) + "_" : "")].filter(Boolean);
  if (t.kind === "stop") parts.push("stop");
  else if (t.kind === "cafe") parts.push(`cafe ${t.cafe.join("-")}${t.cafe.length < 2 ? "-" : ""}`);
  else {
    if (t.anchor) parts.push(t.anchor);
    if (t.at) parts.push(`${t.face || "?"}@${t.at}`);
    if (t.pick || t.bonus) parts.push(t.pick ? `+${t.pick} ?` : t.bonus);
  }
  return parts.join(" ");
}

export function missing(t) {  // what the line still needs, or null
  if (t.rolls.length % 2) return "the other die";
  if (t.kind === "stop") return null;
  if (t.kind === "cafe") return t.cafe.length < 2 ? "the cafeteria's two spaces" : null;
  if (!t.rolls) return "the dice (light, dark)";
  if (!t.anchor) return "the tile's A1 space";
  if (!t.at) return "the display's space";
  if (!t.face) return "the display's number";
  if (t.pick) return `the side for the ${t.pick}`;
  return null;
}

// a key typed while building the line; returns "remove last" when Backspace has nothing left to take back
export function key(t, k) {
  if (/^[1-6]$/.test(k)) {
    if (t.kind === "tile" && t.at) t.face = k;
    else if (!t.anchor && !t.cafe.length) t.rolls += k;
  } else if (k === "c") { t.bonus = t.bonus === "+coins" ? "" : "+coins"; t.pick = null; }
  else if (k === "w" || k === "d") { t.pick = t.pick === (k === "w" ? "wall" : "door") ? null : (k === "w" ? "wall" : "door"); }
  else if (k === "f") { t.kind = t.kind === "cafe" ? "tile" : "cafe"; t.anchor = t.at = t.face = null; t.cafe = []; t.bonus = ""; }
  else if (k === "s") { t.kind = t.kind === "stop" ? "tile" : "stop"; }
  else if (k === "Backspace" || k === "Delete") {
    if (t.pick) t.pick = null;
    else if (t.bonus) t.bonus = "";
    else if (t.kind === "cafe" && t.cafe.length) t.cafe.pop();
    else if (t.kind !== "tile") t.kind = "tile";
    else if (t.at) { t.at = null; t.face = null; }
    else if (t.anchor) t.anchor = null;
    else if (t.rolls) t.rolls = t.rolls.slice(0, -1);
    else if (k === "Backspace") return "remove last";
  }
  return null;
}

// a square or side picked for the line (``mark``: what the square holds on the sheet)
export function pick(t, place, space, mark) {
  if (place.kind === "edge") {
    t.bonus = `+${t.pick || "wall"} ${space} ${place.side}`;
    t.pick = null;
  } else if (place.kind === "square") {
    if (t.kind === "cafe") { if (t.cafe.length === 2) t.cafe.pop(); t.cafe.push(space); }
    else if (!t.anchor) t.anchor = space;
    else {
      t.at = space;
      t.face = /^[1-6]$/.test(mark) ? mark : null;
    }
  }
}

export function picked(t) {  // the spaces and the side the line names, to show them on the sheet
  const m = /^\+\w+ (\S+ [NESW])$/.exec(t.bonus);
  return { spaces: [t.anchor, t.at, ...t.cafe].filter(Boolean), side: m ? m[1] : null };
}

// a line of the file read back into the builder (to change it), or null when the builder cannot hold it as
// written (a word it does not know, other spacing): what it builds must be the line itself (a tile written
// as its spaces, "D4+E4+E5", stays so unless its A1 space is tapped again)
export function parse(player, line) {
  const t = blank(player), words = String(line).trim().split(/\s+/);
  if (/^[1-6]{2}(>[1-6]{2})*$/.test(words[0])) t.rolls = words.shift().replace(/>/g, "");
  if (words[0] === "stop" && words.length === 1) t.kind = "stop";
  else if (words[0] === "cafe" && words.length === 2) { t.kind = "cafe"; t.cafe = words[1].split("-"); }
  else {
    const m = /^([1-6])@(\S+)$/.exec(words[1] || "");
    if (!m) return null;
    Object.assign(t, { anchor: words[0], face: m[1], at: m[2], bonus: words.slice(2).join(" ") });
    if (t.bonus && !/^\+(coins|(wall|door) \S+ [NESW])$/.test(t.bonus)) return null;
  }
  return text(t) === line ? t : null;
}
