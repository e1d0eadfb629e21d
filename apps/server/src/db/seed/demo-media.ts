import { crc32, deflateSync } from 'node:zlib';
import type { Random } from './demo-prose.js';

/** Pictures and sounds for the demo bundles: line icons (SVG and PNG) and WAV loops. */

export type IconShape =
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number };

/** A line icon on the 24 px grid: two to four shapes drawn with a 2 px stroke. */
export function makeIcon(random: Random): IconShape[] {
  const shapes: IconShape[] = [];
  for (let i = random.int(2, 4); i > 0; i--) {
    const kind = random.pick(['circle', 'line', 'rect'] as const);
    if (kind === 'circle')
      shapes.push({ kind, cx: random.int(8, 16), cy: random.int(8, 16), r: random.int(3, 7) });
    if (kind === 'line')
      shapes.push({
        kind,
        x1: random.int(3, 21),
        y1: random.int(3, 21),
        x2: random.int(3, 21),
        y2: random.int(3, 21),
      });
    if (kind === 'rect') {
      const x = random.int(3, 12);
      const y = random.int(3, 12);
      shapes.push({ kind, x, y, w: random.int(5, 21 - x), h: random.int(5, 21 - y) });
    }
  }
  return shapes;
}

export function iconSvg(shapes: IconShape[]): string {
  const body = shapes
    .map((s) =>
      s.kind === 'circle'
        ? `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}"/>`
        : s.kind === 'line'
          ? `<line x1="${s.x1}" y1="${s.y1}" x2="${s.x2}" y2="${s.y2}"/>`
          : `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="2"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>\n`;
}

const segmentDistance = (
  px: number,
  py: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
) => {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / length));
  const ex = px - (x1 + t * dx);
  const ey = py - (y1 + t * dy);
  return Math.sqrt(ex * ex + ey * ey);
};

/** Distance from a point (in grid units) to the shape's outline. */
function distanceTo(shape: IconShape, x: number, y: number): number {
  if (shape.kind === 'circle') {
    const dx = x - shape.cx;
    const dy = y - shape.cy;
    return Math.abs(Math.sqrt(dx * dx + dy * dy) - shape.r);
  }
  if (shape.kind === 'line') return segmentDistance(x, y, shape.x1, shape.y1, shape.x2, shape.y2);
  const { x: left, y: top, w, h } = shape;
  return Math.min(
    segmentDistance(x, y, left, top, left + w, top),
    segmentDistance(x, y, left + w, top, left + w, top + h),
    segmentDistance(x, y, left + w, top + h, left, top + h),
    segmentDistance(x, y, left, top + h, left, top),
  );
}

/** The shape's bounding box in grid units, widened by the stroke and its smoothing. */
function boxOf(shape: IconShape): [number, number, number, number] {
  if (shape.kind === 'circle') {
    return [shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r];
  }
  if (shape.kind === 'line') {
    const { x1, y1, x2, y2 } = shape;
    return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
  }
  return [shape.x, shape.y, shape.x + shape.w, shape.y + shape.h];
}

/** The icon drawn at `size` px: dark strokes on transparency, edges smoothed. */
export function iconPng(shapes: IconShape[], size: number): Buffer {
  const scale = 24 / size;
  const alpha = new Float32Array(size * size);
  for (const shape of shapes) {
    // Only the pixels near the shape: a 96 px icon has 9,216 of them.
    const [left, top, right, bottom] = boxOf(shape);
    const from = (v: number) => Math.max(0, Math.floor((v - 1.5) / scale));
    const to = (v: number) => Math.min(size - 1, Math.ceil((v + 1.5) / scale));
    for (let py = from(top); py <= to(bottom); py++) {
      for (let px = from(left); px <= to(right); px++) {
        const d = distanceTo(shape, (px + 0.5) * scale, (py + 0.5) * scale);
        const a = Math.max(0, Math.min(1, (1 - d) / scale + 0.5));
        if (a > alpha[py * size + px]!) alpha[py * size + px] = a;
      }
    }
  }
  const rgba = Buffer.alloc(size * size * 4, 0x22);
  for (let i = 0; i < alpha.length; i++) rgba[i * 4 + 3] = Math.round(alpha[i]! * 255);
  return encodePng(rgba, size, size);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG. */
export function encodePng(rgba: Buffer, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const SAMPLE_RATE = 22_050;

/** A mono 16-bit WAV file of `seconds`, each sample from `at(time)` in -1…1. */
export function makeWav(seconds: number, at: (time: number) => number): Buffer {
  const count = Math.round(seconds * SAMPLE_RATE);
  const wav = Buffer.alloc(44 + count * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + count * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(count * 2, 40);
  // Little-endian samples written through a typed view: one Buffer call per sample is slow.
  const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, count);
  for (let i = 0; i < count; i++) {
    samples[i] = Math.round(Math.max(-1, Math.min(1, at(i / SAMPLE_RATE))) * 32_000);
  }
  return wav;
}

/** A drum loop: kick on the beat, snare on two and four, noisy hats in between. */
export function drumLoop(bpm: number, bars: number, random: Random): Buffer {
  const beat = 60 / bpm;
  const noise = Array.from({ length: 4096 }, () => random.next() * 2 - 1);
  return makeWav(bars * 4 * beat, (t) => {
    const inBeat = t % beat;
    const beatIndex = Math.floor(t / beat) % 4;
    const kick =
      Math.sin(2 * Math.PI * (50 + 80 * Math.exp(-inBeat * 30)) * inBeat) * Math.exp(-inBeat * 8);
    const snare =
      beatIndex % 2 === 1
        ? noise[Math.floor(t * SAMPLE_RATE) % 4096]! * Math.exp(-inBeat * 18) * 0.6
        : 0;
    const half = t % (beat / 2);
    const hat = noise[Math.floor(t * SAMPLE_RATE * 3) % 4096]! * Math.exp(-half * 60) * 0.25;
    return 0.7 * kick + snare + hat;
  });
}

/** Electric-piano-like chords (sine partials with a slow tremolo), one per bar. */
export function chordLoop(bpm: number, chords: number[][]): Buffer {
  const bar = (4 * 60) / bpm;
  return makeWav(bar * chords.length, (t) => {
    const notes = chords[Math.floor(t / bar) % chords.length]!;
    const inBar = t % bar;
    const envelope = Math.exp(-inBar * 0.8) * (1 + 0.15 * Math.sin(2 * Math.PI * 5 * t));
    const sum = notes.reduce((s, midi) => {
      const f = 440 * 2 ** ((midi - 69) / 12);
      return s + Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t);
    }, 0);
    return (0.25 * sum * envelope) / notes.length;
  });
}

/** Vinyl crackle: sparse clicks over a low hiss. */
export function crackle(seconds: number, random: Random): Buffer {
  return makeWav(seconds, () => {
    const click = random.next() < 0.0008 ? (random.next() - 0.5) * 1.6 : 0;
    return click + (random.next() - 0.5) * 0.04;
  });
}
