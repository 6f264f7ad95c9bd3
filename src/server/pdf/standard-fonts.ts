// pdfkit (0.20) builds a standard font's metrics (its AFM widths and kerning pairs, thousands of
// entries) afresh for every document that uses it: about 5 ms a font, most of the time a
// one-page receipt takes to draw. The metrics never change, so each new document gets its own
// font object (its own id and PDF object, as pdfkit would make) around metrics built once.
// This reads two pdfkit internals, `_fontFamilies` and `_fontCount`; test/server/treasury checks
// the drawn text, and a pdfkit upgrade that renames them fails there, not silently.

interface FontTable {
  _fontFamilies: Record<string, object | undefined>;
  _fontCount: number;
}

const templates = new Map<string, object>();

/** Gives `doc` the standard fonts `names` (e.g. 'Helvetica'), sharing their metrics with every other document. */
export function shareStandardFonts(doc: PDFKit.PDFDocument, names: readonly string[]): void {
  const table = doc as unknown as FontTable;
  for (const name of names) {
    const template = templates.get(name);
    if (!template) {
      doc.font(name);
      const made = table._fontFamilies[name];
      if (!made) throw new Error(`pdfkit did not keep the font ${name} where expected`);
      templates.set(name, made);
      continue;
    }
    const font = Object.create(Object.getPrototypeOf(template) as object) as object;
    Object.assign(font, template, { document: doc, id: `F${++table._fontCount}`, dictionary: null, embedded: false });
    table._fontFamilies[name] = font;
  }
}
