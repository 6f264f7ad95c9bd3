import { newPdfDocument, pdfBytes } from '../../../pdf/document.js';
import { drawLetterhead, type Issuer } from '../../../pdf/letterhead.js';
import { shareStandardFonts } from '../../../pdf/standard-fonts.js';
import { dayInWords, dayNumeric } from './notice.js';
import type { ConvocationProof, ProofRow } from './proof.js';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM } as const;
const MARGIN = 18 * MM;
const WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN - 6 * MM;

const KINDS: Readonly<Record<string, string>> = { ordinaria: 'Ordinária', extraordinaria: 'Extraordinária' };
const CHANNELS: Readonly<Record<string, string>> = { email: 'E-mail', post: 'Carta' };
const STATES: Readonly<Record<ProofRow['delivery'], string>> = { pending: 'Por enviar', sending: 'A enviar', sent: 'Enviada', failed: 'Falhou', printed: 'Impressa' };

const LISBON = new Intl.DateTimeFormat('pt-PT', { timeZone: 'Europe/Lisbon', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** An instant as Lisbon reads it: '29/11/2026 11:52'. */
const lisbonStamp = (iso: string | null): string => (iso ? LISBON.format(new Date(iso)).replace(',', '') : '—');

/** The table's columns: title, share of the width, and what each row shows. */
const COLUMNS: readonly { title: string; share: number; cell: (row: ProofRow) => string }[] = [
  { title: 'N.º', share: 0.07, cell: (row) => (row.number === null ? '—' : String(row.number)) },
  { title: 'Nome', share: 0.24, cell: (row) => row.name },
  { title: 'Meio', share: 0.08, cell: (row) => CHANNELS[row.channel] ?? row.channel },
  { title: 'Destinatário', share: 0.29, cell: (row) => row.recipient.split('\n').join(', ') },
  { title: 'Envio', share: 0.15, cell: (row) => lisbonStamp(row.sent_at) },
  { title: 'Estado da entrega', share: 0.17, cell: (row) => (row.delivery === 'pending' && row.channel === 'post' ? 'Por imprimir' : STATES[row.delivery]) + (row.delivery_at && row.delivery !== 'printed' ? `\n${lisbonStamp(row.delivery_at)}` : '') },
];
const CELL_PAD = 1.2 * MM;

function drawRow(doc: PDFKit.PDFDocument, cells: readonly string[], y: number, bold: boolean): number {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
  const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.share * WIDTH - 2 * CELL_PAD }))) + 2 * CELL_PAD;
  let x = MARGIN;
  cells.forEach((text, i) => {
    const width = COLUMNS[i]!.share * WIDTH;
    doc.text(text, x + CELL_PAD, y + CELL_PAD, { width: width - 2 * CELL_PAD });
    x += width;
  });
  doc.save().moveTo(MARGIN, y + height).lineTo(MARGIN + WIDTH, y + height).lineWidth(bold ? 0.6 : 0.2).strokeColor('#666666').stroke().restore();
  return y + height;
}

const newPage = (doc: PDFKit.PDFDocument) => doc.addPage({ size: [A4.width, A4.height], margin: MARGIN });

function drawTable(doc: PDFKit.PDFDocument, rows: readonly ProofRow[]): void {
  const header = COLUMNS.map((column) => column.title);
  let y = drawRow(doc, header, doc.y, true);
  for (const row of rows) {
    const cells = COLUMNS.map((column) => column.cell(row));
    doc.font('Helvetica').fontSize(8);
    const height = Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: COLUMNS[i]!.share * WIDTH - 2 * CELL_PAD }))) + 2 * CELL_PAD;
    if (y + height > BOTTOM) {
      newPage(doc);
      y = drawRow(doc, header, MARGIN, true);
    }
    y = drawRow(doc, cells, y, false);
  }
  doc.y = y + 4 * MM;
  doc.x = MARGIN;
}

function totalsText(proof: ConvocationProof): string {
  const { totals, printed } = proof;
  const lines = [
    `Associados convocados: ${totals.rows}.`,
    `Por e-mail: ${totals.emails} (enviadas ${totals.sent}, falharam ${totals.failed}, por enviar ${totals.emails - totals.sent - totals.failed}).`,
    `Por carta: ${totals.letters}` + (printed ? ` (lote impresso em ${lisbonStamp(printed.at)}: ${printed.letters} ${printed.letters === 1 ? 'carta' : 'cartas'}).` : ' (ainda não impressas).'),
  ];
  return lines.join('\n');
}

/**
 * The proof of convocation as a document for the file: who convened which assembly and when,
 * the notice as sent, every associate convened with channel, address, dates and delivery, and
 * the totals; each page numbered "n de m".
 */
export async function renderProof(proof: ConvocationProof, head: { issuer: Issuer; date: string; logo: Buffer | null }): Promise<Buffer> {
  const doc = await newPdfDocument(`Prova de convocação — ${proof.assembly.title}`);
  // Kept until the end, so each page can say how many there are.
  (doc as unknown as { options: { bufferPages?: boolean } }).options.bufferPages = true;
  shareStandardFonts(doc, ['Helvetica', 'Helvetica-Bold']);
  const bytes = pdfBytes(doc);
  newPage(doc);
  const a = proof.assembly;
  const top = drawLetterhead(doc, { ...head.issuer, date: head.date, logoImage: head.logo }, MARGIN, MARGIN, WIDTH);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(15).text('Prova de convocação', MARGIN, top, { width: WIDTH });
  doc.font('Helvetica-Bold').fontSize(11).text(`Assembleia Geral ${KINDS[a.kind] ?? a.kind}: ${a.title}`, { width: WIDTH });
  doc.font('Helvetica').fontSize(9.5).moveDown(0.4);
  const place = [a.place, a.online_link].filter((v) => v && v.trim() !== '').join(' · ');
  const facts = [
    `Data: ${dayInWords(a.date)}, às ${a.time}`,
    `Local: ${place || '—'}`,
    `Convocada em ${lisbonStamp(a.convened_at)}${a.convened_by ? ` por ${a.convened_by}` : ''}`,
    a.last_notice_day ? `Último dia para convocar: ${dayNumeric(a.last_notice_day)}` : null,
    a.cutoff_date ? `Data de referência dos direitos de voto: ${dayNumeric(a.cutoff_date)}` : null,
  ].filter((line): line is string => line !== null);
  doc.text(facts.join('\n'), { width: WIDTH, lineGap: 1 });

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).text('Texto da convocatória', { width: WIDTH });
  doc.font('Helvetica').fontSize(9).moveDown(0.3).text(a.notice_text ?? '—', { width: WIDTH, lineGap: 1.5 });

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).text('Associados convocados', MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.3);
  if (doc.y > BOTTOM - 20 * MM) newPage(doc);
  drawTable(doc, proof.rows);

  if (doc.y > BOTTOM - 25 * MM) newPage(doc);
  doc.font('Helvetica-Bold').fontSize(10).text('Totais', MARGIN, doc.y, { width: WIDTH });
  doc.font('Helvetica').fontSize(9.5).text(totalsText(proof), { width: WIDTH, lineGap: 1 });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    // The footer sits in the bottom margin: with the margin kept, pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7.5).fillColor('#444444').text(`Prova de convocação · ${a.title} · página ${i + 1} de ${range.count}`, MARGIN, A4.height - MARGIN, {
      width: WIDTH,
      align: 'center',
      lineBreak: false,
      height: 10,
    });
  }
  doc.end();
  return bytes;
}
