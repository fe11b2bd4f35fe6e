// The null game's board takes no pointer or keys: its tally is entered in the text box.
export function start() {}
