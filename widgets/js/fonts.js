// cardkit tables: the fonts of the kit's scripts. A page may have no Gurmukhi or Kannada font
// (Debian's chromium has none) and no internet, and every table's language menu names ਪੰਜਾਬੀ and
// ಕನ್ನಡ in their own letters: the first table asks its kernel for the fonts once per page
// ({do: "fonts"}; a quiz for its language's), gets the woff2 files as binary buffers (never in the
// widget's state) and adds them to document.fonts. A page whose template already declares the
// families (the cardkit Voilà template does, by URL) asks nothing.

const FAMILY = { pa: "Noto Sans Gurmukhi", kn: "Noto Sans Kannada" };
const asked = new Set();

/** Ask for the fonts of `langs` (a table: both scripts) unless the page has (or has asked for)
 *  their families. */
export function needFont(model, ...langs) {
  const families = langs.map((l) => FAMILY[l]).filter((f) => f && !asked.has(f));
  if (!families.length) return;
  families.forEach((f) => asked.add(f));
  const have = new Set([...document.fonts].map((f) => f.family.replace(/["']/g, "")));
  if (families.some((f) => !have.has(f))) model.send({ do: "fonts" });
}

/** A kernel's answer {fonts: [{family, weight, range}]} with one buffer per font: added to the
 *  page's fonts (only the two families the kit ships). True if the message was one. */
export function takeFonts(content, buffers) {
  if (!content || !Array.isArray(content.fonts)) return false;
  content.fonts.forEach((f, i) => {
    const data = buffers && buffers[i];
    if (!data || !Object.values(FAMILY).includes(f.family)) return;
    const face = new FontFace(f.family, data, { weight: String(Number(f.weight) || 400),
                                                unicodeRange: String(f.range || "") });
    document.fonts.add(face);
    face.load().catch(() => {});
  });
  return true;
}
