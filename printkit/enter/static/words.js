// Words for the hands that hold the page: on a touch screen a place is tapped, not clicked, and the keys a
// phone does not have are not spoken of (the keyboard's help stays on a computer, where it is used).
export const touch = () => matchMedia("(pointer: coarse)").matches;

const KEYS = /\b(?:Enter|Backspace|Escape|Esc|Delete|Shift|Ctrl|Space|Tab|arrows?|arrow keys|Keys?:|keys|type|typed|typing|Cursor)\b/;

function tapped(text) {
  return text.replace(/\b([Cc])lick(ed|ing|s)?\b/g, (_, c, end) => (c === "C" ? "T" : "t") + "ap" + ({ ed: "ped", ing: "ping", s: "s" }[end] || ""))
    .replace(/\bTap or tap\b/g, "Tap").replace(/\btap or tap\b/g, "tap");
}

// a sentence for the player: on a touch screen, taps for clicks, and no sentence or hint about keys
export function forHands(text, onTouch = touch()) {
  if (!onTouch || !text) return text;
  let out = String(text).replace(/\s*\([^()]*\)/g, (m) => (KEYS.test(m) || /^\s*\((?:[a-z]|Esc|Enter)\)$/.test(m) ? "" : m));
  out = out.replace(/\s*\bKeys?: .*$/s, "");
  out = out.split(/(?<=[.!?])\s+/).filter((s) => !KEYS.test(s) || /\b(tap|click|drag)/i.test(s) && !/^(Keys|Enter|Backspace|Escape|Delete)\b/.test(s))
    .join(" ");
  out = out.replace(/\b(Tap|tap|Click|click) or type\b/g, "$1").replace(/\s*;\s*or \w+ a sheet and type\b/g, "");
  return tapped(out).trim();
}
