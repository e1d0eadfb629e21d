import { guidance, narration, poem, randomFrom, type Random } from './demo-prose.js';

/** The demo catalogue's e-books: the chapters, stories, essays or poems each description names. */

export interface BookChapter {
  title: string;
  text: string;
}

const paragraphs = (count: number, make: () => string) =>
  Array.from({ length: count }, make).join('\n\n');

/** A story told in `chapters` numbered chapters. */
function novel(random: Random, chapters: string[], cast: Parameters<typeof narration>[1]) {
  return chapters.map((title) => ({
    title,
    text: paragraphs(14, () => narration(random, cast, random.int(5, 8))),
  }));
}

/** Chapters of practical prose, each on its own points. */
function primer(random: Random, chapters: Array<[string, string[]]>, length = 10) {
  return chapters.map(([title, points]) => ({
    title,
    text: paragraphs(length, () => guidance(random, points, random.int(4, 7))),
  }));
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const BOOKS: Record<string, (random: Random) => BookChapter[]> = {
  'The Lighthouse Keeper': (random) =>
    novel(
      random,
      Array.from({ length: 16 }, (_, i) => `Chapter ${i + 1}`),
      {
        people: ['Tomas', 'Ailsa', 'the keeper', 'old Magnus', 'the boatman'],
        places: ['Skerry Light', 'the lamp room', 'the landing stage', 'the north cliff'],
        things: ['the logbook', 'the second key', 'the drowned bell', 'the last entry'],
      },
    ),
  'Letters from the Orchard': (random) =>
    MONTHS.map((month, i) => ({
      title: `${i + 1}. ${month}`,
      text: paragraphs(9, () =>
        guidance(random, ['patience', 'repair', 'the season', 'small work', 'the old trees'], 5),
      ),
    })),
  'A Short History of Paper': (random) =>
    primer(random, [
      ['Mulberry bark and hemp: Han China', ['Cai Lun', 'mulberry bark', 'hemp rags', 'the mould']],
      ['Along the Silk Road to Samarkand', ['Samarkand', 'flax', 'captured papermakers', 'trade']],
      ['The paper mills of Baghdad', ['Baghdad', 'the bureaucracy', 'copyists', 'libraries']],
      ['Europe learns to make paper', ['Xativa', 'Fabriano', 'watermarks', 'water mills']],
      [
        'Pulp mills and cheap paper',
        ['wood pulp', 'the Fourdrinier machine', 'newspapers', 'acid paper'],
      ],
      ['What people could write down', ['letters', 'account books', 'printing', 'literacy']],
    ]),
  'Night Trains': (random) =>
    [
      'The Couchette',
      'Border Stop, 3 a.m.',
      'The Dining Car at Dawn',
      'Sleeper to Vienna',
      'The Conductor',
      'Lost Luggage',
      'Last Stop',
    ].map((title) => ({
      title,
      text: paragraphs(12, () =>
        narration(random, {
          people: ['the woman in berth four', 'Marek', 'the conductor', 'a student', 'Ines'],
          places: ['the corridor', 'the couchette', 'the dining car', 'the platform'],
          things: ['the ticket', 'a letter', 'the timetable', 'a borrowed coat'],
        }),
      ),
    })),
  'Practical Cryptography Primer': (random) =>
    primer(random, [
      ['What a hash guarantees', ['a hash', 'collisions', 'SHA-256', 'password hashing']],
      ['Keys and encryption', ['a key', 'authenticated encryption', 'nonces', 'key storage']],
      ['Digital signatures', ['a signature', 'a public key', 'verification', 'certificates']],
      ['Where it fails', ['key reuse', 'home-made schemes', 'timing leaks', 'lost keys']],
      ['Choosing sane defaults', ['libsodium', 'TLS', 'argon2', 'key rotation']],
    ]),
  'The Mountain Cookbook': (random) =>
    primer(
      random,
      [
        ['Stews', ['a slow stew', 'browning', 'stock', 'root vegetables']],
        ['Breads', ['a rye loaf', 'the proof', 'the crust', 'a cold kitchen']],
        ['One-pot dinners', ['one pot', 'barley', 'beans', 'cheese']],
        ['Cooking at altitude', ['boiling point', 'cooking times', 'pressure', 'baking']],
        ['Packing meals for the trail', ['dried food', 'weight', 'fuel', 'calories']],
      ],
      12,
    ),
  'Learning to Sail': (random) => [
    ...primer(random, [
      ['Points of sail', ['close-hauled', 'a beam reach', 'running', 'the no-go zone']],
      ['Knots', ['a bowline', 'a clove hitch', 'a reef knot', 'a figure of eight']],
      ['Right of way', ['port and starboard', 'the windward boat', 'overtaking', 'signals']],
      ['Reading the weather', ['the forecast', 'gusts', 'clouds', 'the tide']],
      ['A first season', ['a small dinghy', 'capsize drill', 'the crew', 'confidence']],
    ]),
    {
      title: 'Glossary of sailing terms',
      text: [
        'Beam reach: sailing with the wind across the boat.',
        'Bow: the front of the boat. Stern: the back.',
        'Close-hauled: sailing as close to the wind as the boat will go.',
        'Gybe: turning the stern through the wind.',
        'Port: the left side, facing forward. Starboard: the right.',
        'Tack: turning the bow through the wind.',
        'Windward: the side the wind blows from. Leeward: the other side.',
      ].join('\n\n'),
    },
  ],
  'Poems for Rainy Afternoons': (random) =>
    Array.from({ length: 40 }, (_, i) => ({
      title: `${i + 1}. ${random.pick(['Window', 'Kettle', 'Gutter Song', 'Umbrellas', 'Grey Hour', 'Tea', 'Drizzle', 'Staying In'])}`,
      text: poem(random, [
        'rain',
        'window',
        'kettle',
        'lamp',
        'gutter',
        'cat',
        'street',
        'tea',
        'afternoon',
      ]),
    })),
};

/** The chapters of the demo e-book with this title. */
export function bookChapters(title: string): BookChapter[] {
  const book = BOOKS[title];
  if (!book) throw new Error(`no demo e-book for "${title}"`);
  return book(randomFrom(title));
}
