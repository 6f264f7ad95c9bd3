// The text a PDF drawn by pdfkit shows, for checking what a document says: each content stream
// inflated, and the strings of its text operators (Tj, TJ) decoded from WinAnsi, the encoding of
// the standard fonts. Enough for our own documents; not a general PDF reader.
import zlib from 'node:zlib';

const WIN_ANSI_EXTRAS: Record<number, string> = { 0x80: '€', 0x96: '–', 0x97: '—', 0x93: '“', 0x94: '”', 0x91: '‘', 0x92: '’', 0xa0: ' ' };

function decode(hexOrLiteral: string): string {
  const bytes = hexOrLiteral.startsWith('<')
    ? (hexOrLiteral.slice(1, -1).match(/../g) ?? []).map((pair) => parseInt(pair, 16))
    : [...hexOrLiteral.slice(1, -1).replace(/\\([()\\])/g, '$1')].map((c) => c.charCodeAt(0));
  return bytes.map((b) => WIN_ANSI_EXTRAS[b] ?? String.fromCharCode(b)).join('');
}

/** Every line of text in the PDF, in drawing order. */
export function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  // Only the line feed before `endstream` is taken off: a deflated stream's last byte is a
  // checksum byte, a carriage return once in 256 streams, and taking it too left the stream one
  // byte short, uninflatable, its text unread (a receipt read as empty now and then). A carriage
  // return left over by a writer that ends lines with CR LF is trailing data inflate ignores.
  const streams = /stream\r?\n([\s\S]*?)\nendstream/g;
  const raw = pdf.toString('latin1');
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const bytes = Buffer.from(match[1]!, 'latin1');
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|[^\]])*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
      const parts = op[1] !== undefined ? (op[1].match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? []) : [op[2]!];
      lines.push(parts.map(decode).join(''));
    }
  }
  return lines;
}
