// The null game's part of the entry page: nothing to draw with the pointer; the record's text box
// (which the page makes from the game's editors) is the only way in.
export function start() {}
