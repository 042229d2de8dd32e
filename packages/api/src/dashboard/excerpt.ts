// A text shortened for a list's cell or card (the whole text is on the record's page): white
// space folded to single spaces, cut after `length` code points (never inside a surrogate pair,
// so a Chinese or emoji text is not broken), with "…" when it was cut.
export function excerpt(text: string, length: number): string {
  const characters = Array.from(text.replace(/\s+/g, " ").trim());
  return characters.length > length ? `${characters.slice(0, length).join("")}…` : characters.join("");
}
