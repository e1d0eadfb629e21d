// A deterministic catalogue of N products with text shaped like a real store's: a fixed
// vocabulary drawn by a seeded PRNG, so every run (and both databases) holds the very same rows,
// and the search cases below know how many products they match.

/** Bump when the generated rows change, so cached databases are rebuilt. */
export const CATALOGUE_VERSION = 1;

/** In ~60% of products: the search that matches more than half the catalogue. */
export const COMMON_WORD = 'practical';
/** A prefix of several frequent words (photography, photographs, photobook…). */
export const PREFIX = 'photo';
/** Two words that are each frequent, so their intersection is large too. */
export const TWO_WORDS = 'simple projects';
/** In exactly RARE_COUNT products. */
export const RARE_WORD = 'zeppelin';
const RARE_COUNT = 5;

const SUBJECTS = `sourdough baking gardening watercolor photography typography astronomy woodworking
knitting pottery calligraphy birdwatching navigation cartography beekeeping fermentation mycology
botany geology chess origami bookbinding letterpress printmaking carpentry sailing climbing cycling
meditation yoga piano guitar violin harmony composition poetry fiction memoir history architecture
furniture ceramics glassblowing jewellery leatherwork sewing embroidery quilting weaving dyeing
soapmaking candlemaking brewing coffee tea wine cheese bread pastry chocolate spices vegetables herbs
orchards vineyards forests rivers mountains coastlines islands deserts glaciers volcanoes weather
climate oceans tides stars planets telescopes microscopes insects butterflies mosses ferns lichens
mushrooms trees roses tulips cacti succulents bonsai aquariums terrariums robotics electronics radio
programming databases networking algorithms statistics geometry algebra calculus logic philosophy
linguistics grammar rhetoric economics accounting marketing negotiation leadership journaling
sketching drawing painting sculpture animation film theatre dance opera café crème pâtisserie
smørrebrød façades naïve`
  .split(/\s+/)
  .filter(Boolean);

const ADJECTIVES = `complete illustrated modern classic essential pocket annotated advanced little
curious quiet patient gentle bold seasonal weekend everyday northern southern coastal urban rural
vintage forgotten hidden handmade slow small wild open`
  .split(/\s+/)
  .filter(Boolean);

const FORMS = `guide handbook companion atlas manual workbook primer almanac cookbook anthology
sketchbook catalogue dictionary e-book templates patterns worksheets archive notebook course`
  .split(/\s+/)
  .filter(Boolean);

/** Description words, most frequent first (drawn with a Zipf distribution). */
const FILLER = `the and of to a in for with this is on you your from each by that it are as
learn book techniques chapters step tools materials notes ideas pages examples methods over
photographs photographic photobook diagrams tips exercises plans readers beginners experienced
makers history background detailed clear short long printable colour black white edition revised
includes covers explains shows walks through every chapter ends questions answers index glossary
references further reading sources maps charts tables recipes lessons drills routines schedules
studies sketches layouts samples files pages formats print screen tablet phone offline download
instantly lifetime updates free small large family friends teachers students clubs workshops
studio kitchen garden workshop field trail journey season spring summer autumn winter morning
evening quiet careful patient thorough friendly warm honest plain useful handy reliable trusted`
  .split(/\s+/)
  .filter(Boolean);

/** A Mulberry32 generator: tiny, fast and the same on every machine. */
export function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random, list) => list[Math.floor(random() * list.length)];

/** Cumulative Zipf weights, so common words come up often and rare ones seldom, as in prose. */
function zipfPicker(list) {
  const cumulative = [];
  let sum = 0;
  for (let rank = 1; rank <= list.length; rank += 1) cumulative.push((sum += 1 / rank));
  return (random) => {
    const target = random() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return list[low];
  };
}
const fillerWord = zipfPicker(FILLER);

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** An id of base64url characters, as `randomBytes(n).toString('base64url')` gives. */
function randomId(random, length) {
  let id = '';
  for (let index = 0; index < length; index += 1) id += BASE64URL[Math.floor(random() * 64)];
  return id;
}

const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const titleCase = (text) => text.split(' ').map(capitalise).join(' ');

/** A sentence of 6 to 14 words, with a subject word now and then. */
function sentence(random, subject) {
  const words = [];
  const length = 6 + Math.floor(random() * 9);
  for (let index = 0; index < length; index += 1) {
    words.push(random() < 0.12 ? subject : fillerWord(random));
  }
  return `${capitalise(words.join(' '))}.`;
}

function makeTitle(random, subject, rare) {
  const adjective = pick(random, ADJECTIVES);
  const form = pick(random, FORMS);
  const other = pick(random, SUBJECTS);
  const patterns = [
    () => `The ${adjective} ${subject} ${form}`,
    () => `${subject} and ${other}: a ${form}`,
    () => `${adjective} ${subject}`,
    () => `A ${form} of ${subject}`,
    () => `${subject} for ${pick(random, ['beginners', 'makers', 'families', 'students'])}`,
  ];
  const title = titleCase(pick(random, patterns)());
  return rare ? `${title} (${titleCase(RARE_WORD)} Edition)` : title;
}

/** Where the common word goes: mostly the description, sometimes the title or subtitle. */
function placeCommonWord(random, fields) {
  const where = random();
  if (where < 0.15) fields.title = `${capitalise(COMMON_WORD)} ${fields.title}`;
  else if (where < 0.35) fields.subtitle = `${fields.subtitle}, ${COMMON_WORD} and tested`;
  else fields.description = `${fields.description} A ${COMMON_WORD} ${pick(random, FORMS)}.`;
}

const DAY = 86_400_000;
/** The newest product's date: fixed, so runs on different days seed the same rows. */
const NEWEST = Date.UTC(2025, 0, 1);

/**
 * The products, oldest first, as the products table stores them (without the folded search
 * columns, which the caller adds with the store's own `searchText`). `count` counts how many
 * products each search case matches.
 */
export function* generateProducts(total, seed = 0xb1d) {
  const random = createRandom(seed);
  const span = 3 * 365 * DAY;
  const rareEvery = Math.max(1, Math.floor(total / RARE_COUNT));
  for (let index = 0; index < total; index += 1) {
    const subject = pick(random, SUBJECTS);
    const rare = index % rareEvery === Math.floor(rareEvery / 2) && index / rareEvery < RARE_COUNT;
    const fields = {
      title: makeTitle(random, subject, rare),
      subtitle: capitalise(
        `${fillerWord(random)} ${subject} ${pick(random, FORMS)} with ${fillerWord(random)} ${fillerWord(random)}`,
      ),
      description: Array.from({ length: 3 + Math.floor(random() * 5) }, () =>
        sentence(random, subject),
      ).join(' '),
    };
    if (random() < 0.6) placeCommonWord(random, fields);
    if (random() < 0.4) fields.description += ` ${capitalise(PREFIX)}graphs of every step.`;
    if (random() < 0.35) fields.subtitle += ', simple';
    if (random() < 0.45) fields.description += ' Twelve projects to start with.';
    const createdAt =
      NEWEST - span + Math.floor((index / total) * span) + Math.floor(random() * 1000);
    const format = pick(random, ['pdf', 'zip', 'epub']);
    const images = Array.from(
      { length: 1 + Math.floor(random() * 3) },
      () => `/media/images/${randomId(random, 22)}/original.png`,
    );
    yield {
      id: randomId(random, 16),
      ...fields,
      priceCents: 99 + Math.floor(random() * 9900),
      images: JSON.stringify(images),
      digitalFileId: randomId(random, 22),
      digitalFileFormat: format,
      digitalFileSize: 20_000 + Math.floor(random() * 200_000_000),
      digitalFileName: `${fields.title
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}.${format}`,
      createdAt,
      updatedAt: createdAt + Math.floor(random() * 30 * DAY * (index / total)),
      // A few products are archived: out of the catalogue, still in the table.
      archivedAt: random() < 0.001 ? createdAt + DAY : null,
    };
  }
}

/**
 * 500 different searches a shop's visitors might type: words, prefixes and pairs from the
 * catalogue's vocabulary, some on a later page. Deterministic, and distinct from one another.
 */
export function searchMix(count = 500) {
  const random = createRandom(0x5ea);
  const words = [...SUBJECTS, ...ADJECTIVES, ...FORMS];
  const seen = new Set();
  const queries = [];
  while (queries.length < count) {
    const kind = random();
    let search;
    if (kind < 0.4) search = pick(random, words);
    else if (kind < 0.6) {
      const word = pick(random, words);
      search = word.slice(0, Math.min(word.length, 3 + Math.floor(random() * 3)));
    } else if (kind < 0.85) search = `${pick(random, SUBJECTS)} ${pick(random, FORMS)}`;
    else search = `${pick(random, ADJECTIVES)} ${pick(random, SUBJECTS)}`;
    const page = random() < 0.2 ? 2 + Math.floor(random() * 2) : 1;
    const path = `/api/products?search=${encodeURIComponent(search)}&page=${page}&limit=10`;
    if (seen.has(path)) continue;
    seen.add(path);
    queries.push(path);
  }
  return queries;
}

/**
 * The worst case for the kept answers: `count` searches no visitor asked before, most of them
 * matching much of the catalogue: one of the most common description words (each in 30 % of the
 * products or more), such a word and any other word of the catalogue, or a four-letter prefix of
 * any word; on pages 1 to 3. Deterministic and distinct.
 */
export function coldSearchMix(count, seed = 0xc01d) {
  const random = createRandom(seed);
  const common = FILLER.slice(0, 25);
  const everyWord = [...new Set([...FILLER, ...SUBJECTS, ...ADJECTIVES, ...FORMS])];
  const long = everyWord.filter((word) => word.length >= 4);
  const seen = new Set();
  const queries = [];
  for (let tries = 0; queries.length < count && tries < count * 50; tries += 1) {
    const kind = random();
    let search;
    if (kind < 0.3) search = pick(random, common);
    else if (kind < 0.7) search = `${pick(random, common)} ${pick(random, everyWord)}`;
    else search = pick(random, long).slice(0, 4);
    const page = 1 + Math.floor(random() * 3);
    const path = `/api/products?search=${encodeURIComponent(search)}&page=${page}&limit=10`;
    if (seen.has(path)) continue;
    seen.add(path);
    queries.push(path);
  }
  if (queries.length < count) throw new Error(`only ${queries.length} distinct cold searches`);
  return queries;
}
