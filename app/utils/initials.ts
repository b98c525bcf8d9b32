/**
 * The one rule for an avatar without a photo (the header's menu, the
 * profile's photo card, the directory, the dashboards): the first letter of
 * the name's first word and of its last, a leading title ('Dr.', 'Dra.',
 * 'Prof.', 'Profa.') skipped. 'Bruna Nogueira Santos' → 'BS' whether it comes
 * whole (a professional name) or as first and last names ('Bruna' +
 * 'Nogueira Santos'); 'Dra. Helena Prado' → 'HP'; one word, one letter.
 */
export function initialsOf(name: string, fallback = ""): string {
  const words = name
    .trim()
    .replace(/^(dra?|profa?)\.?\s+/i, "")
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => Array.from(word)[0] ?? "").join("").toUpperCase() || fallback;
}
