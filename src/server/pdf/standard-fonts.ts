// pdfkit (0.20) builds a standard font's metrics (its widths and kerning pairs, thousands of
// entries) afresh for every document that uses it. The metrics never change, so each new document
// gets its own font object (its own id and PDF object, as pdfkit would make) around metrics built
// once. pdfkit offers no public way to do this: `doc.font(name)` always builds a new StandardFont,
// and a font object handed to `doc.font()` is taken for a fontkit font and embedded, not named.
// So this reads two pdfkit internals, `_fontFamilies` and `_fontCount`; test/server/treasury
// checks the drawn text, and a pdfkit upgrade that renames them fails there, not silently.

interface FontTable {
  _fontFamilies: Record<string, object | undefined>;
  _fontCount: number;
}

const templates = new Map<string, object>();
/** Font objects made here (templates and their copies): a document asked twice keeps the one it has. */
const shared = new WeakSet<object>();

/** Gives `doc` the standard fonts `names` (e.g. 'Helvetica'), sharing their metrics with every other document. */
export function shareStandardFonts(doc: PDFKit.PDFDocument, names: readonly string[]): void {
  const table = doc as unknown as FontTable;
  for (const name of names) {
    const present = table._fontFamilies[name];
    if (present && shared.has(present)) continue;
    const template = templates.get(name);
    if (!template) {
      doc.font(name);
      const made = table._fontFamilies[name];
      if (!made) throw new Error(`pdfkit did not keep the font ${name} where expected`);
      templates.set(name, made);
      shared.add(made);
      continue;
    }
    const font = Object.create(Object.getPrototypeOf(template) as object) as object;
    Object.assign(font, template, { document: doc, id: `F${++table._fontCount}`, dictionary: null, embedded: false });
    table._fontFamilies[name] = font;
    shared.add(font);
  }
}
