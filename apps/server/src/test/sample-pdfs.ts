import PDFKit from 'pdfkit';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';

/** A PDF of `pages` pages, each saying "Page N"; the pages listed in `rotated` turn 90°. */
export async function multiPagePdf({ pages = 3, rotated = [] as number[] } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= pages; number += 1) {
    const page = doc.addPage([420, 595]);
    page.drawText(`Page ${number}`, { x: 60, y: 500, size: 18, font });
    if (rotated.includes(number)) page.setRotation(degrees(90));
  }
  return Buffer.from(await doc.save());
}

/** A PDF only its password opens (PDFKit's RC4/AES encryption). */
export function encryptedPdf(): Promise<Buffer> {
  const doc = new PDFKit({ userPassword: 'secret', ownerPassword: 'owner', pdfVersion: '1.7' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.text('A locked page');
  doc.end();
  return done;
}

/** Starts and ends like a PDF (so the file host takes it) and is nothing of the kind between. */
export const brokenPdf = () =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.alloc(4096, 'not a pdf at all '),
    Buffer.from('\n%%EOF\n'),
  ]);
