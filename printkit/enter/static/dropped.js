// What a save in another program left out of the file (an editor's older copy saved over the moves entered
// here since): said at the top of every page in the server's plain words, the page already showing the file
// as it is now, with one tap to put it all back or to leave it out. Every page is told of either tap.
import { post } from "/static/api.js";

const $ = (id) => document.getElementById(id);

export function showDropped({ said }) {
  const banner = $("banner");
  if (!said) { banner.hidden = true; banner.replaceChildren(); return; }
  const text = Object.assign(document.createElement("span"), { id: "dropped-said", textContent: said });
  banner.replaceChildren(text, button("Put them back", false), button("Leave them out", true));
  banner.hidden = false;
}

function button(label, leave) {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: label });
  b.dataset.leave = leave ? "1" : "0";
  b.onclick = async () => {
    for (const other of $("banner").querySelectorAll("button")) other.disabled = true;
    try {
      const { status } = await post("/api/putback", { leave });
      if (status === 200) return;  // every page hears it, this one too: the notice goes, the file is reloaded
    } catch (_) { /* not answered: the notice stays, to be tapped again */ }
    for (const other of $("banner").querySelectorAll("button")) other.disabled = false;
  };
  return b;
}
