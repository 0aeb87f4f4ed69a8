import PDFDocument from 'pdfkit';
import { formatRate } from '../../domain/invoice-vat';
import { formatMoney, money } from '../../domain/money';
import type { InvoiceParty } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { currencyOf, type InvoiceRecord } from './invoices';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const left = 50;
const right = 545;
const grey = '#555555';

function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function day(timestamp: string): string {
  return new Date(isoTimestamp(timestamp)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function partyLines(party: InvoiceParty): string[] {
  const lines = [party.businessName, party.name, party.address, countryName(party.country)];
  if (party.vatId) lines.push(`VAT id: ${party.vatId}`);
  if (party.email) lines.push(party.email);
  return lines.filter((line): line is string => Boolean(line));
}

/**
 * The invoice version as an A4 PDF (pdfkit, the built-in Helvetica, which covers €, £ and $): seller and customer
 * blocks, number, version and dates, one table of lines, subtotal, VAT with its rule, total and currency.
 */
export function renderInvoicePdf(invoice: InvoiceRecord): Promise<Buffer> {
  const currency = currencyOf(invoice.currency);
  const format = (minor: number) => formatMoney(money(minor, currency));
  const doc = new PDFDocument({
    size: 'A4',
    margin: left,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: invoice.seller.name,
      Subject: `Invoice ${invoice.number}, version ${invoice.version}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text('Invoice', left, 50);
  doc.font('Helvetica').fontSize(10).fillColor(grey);
  doc.text(`Invoice number: ${invoice.number}`, 330, 52, { width: right - 330, align: 'right' });
  doc.text(`Invoice date: ${day(invoice.issuedAt)}`, { width: right - 330, align: 'right' });
  doc.text(`Version ${invoice.version}, issued ${day(invoice.createdAt)}`, { width: right - 330, align: 'right' });
  if (invoice.version > 1) {
    doc.text(`Replaces version ${invoice.version - 1}`, { width: right - 330, align: 'right' });
  }
  doc.text(`Currency: ${currency}`, { width: right - 330, align: 'right' });

  const blockTop = 140;
  doc.fillColor('black').font('Helvetica-Bold').fontSize(10).text('From', left, blockTop);
  doc.font('Helvetica').text(invoice.seller.name, left, blockTop + 16, { width: 220 });
  doc.text(partyLines({ ...invoice.seller, name: '' }).join('\n'), { width: 220 });
  doc.font('Helvetica-Bold').text('Bill to', 300, blockTop);
  doc.font('Helvetica').text(partyLines(invoice.customer).join('\n'), 300, blockTop + 16, { width: right - 300 });

  let y = 290;
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text('Description', left, y);
  doc.text('Qty', 330, y, { width: 40, align: 'right' });
  doc.text('Unit price', 380, y, { width: 75, align: 'right' });
  doc.text('Amount', 465, y, { width: right - 465, align: 'right' });
  y += 16;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#999999').stroke();
  y += 8;
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    const height = doc.heightOfString(line.description, { width: 270 });
    doc.text(line.description, left, y, { width: 270 });
    doc.text(String(line.quantity), 330, y, { width: 40, align: 'right' });
    doc.text(format(line.unitAmount), 380, y, { width: 75, align: 'right' });
    doc.text(format(line.amount), 465, y, { width: right - 465, align: 'right' });
    y += Math.max(height, 14) + 8;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;

  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
    doc.text(label, 300, y, { width: 155, align: 'right' });
    doc.text(value, 465, y, { width: right - 465, align: 'right' });
    y += bold ? 20 : 16;
  };
  total('Subtotal', format(invoice.subtotal));
  total(`VAT ${formatRate(invoice.vatRateBp)}`, format(invoice.vat));
  total(`Total (${currency})`, format(invoice.total), true);

  doc.font('Helvetica').fontSize(9).fillColor(grey);
  doc.text(invoice.vatNote, left, y + 16, { width: right - left });
  if (invoice.lines.some((line) => line.amount < 0)) {
    doc.text(
      'Credit notes: the negative lines were refunded to the card; the total is what the card was charged net.',
      {
        width: right - left,
      },
    );
  }
  doc.text(`Paid by card. Thank you for your business. Questions: ${invoice.seller.email ?? ''}`, {
    width: right - left,
  });
  doc.end();
  return finished;
}
