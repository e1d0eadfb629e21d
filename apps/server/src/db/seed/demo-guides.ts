import { DemoDocument } from './demo-document.js';
import { bands, bars, circles, curve, folds, signatures } from './demo-drawings.js';
import { PLAIN_GUIDES, chapters, type Chapter } from './demo-guides-plain.js';
import { guidance, randomFrom } from './demo-prose.js';

/** The demo catalogue's PDF guides, each with the pages and contents its description names. */

function bookbindingHandbook(title: string, subtitle: string): DemoDocument {
  const random = randomFrom(title);
  const doc = new DemoDocument(title).cover(subtitle, [
    'Sixty diagrams',
    'A tool list for every budget',
  ]);
  const list: Chapter[] = [
    {
      title: 'Choosing paper grain',
      points: ['grain direction', 'the bend test', 'paper weight', 'text blocks'],
    },
    {
      title: 'Folding signatures',
      points: ['folding sheets', 'a bone folder', 'signature size', 'creep'],
    },
    {
      title: 'Sewing on tapes',
      points: ['sewing stations', 'kettle stitches', 'thread tension', 'linen tapes'],
    },
    {
      title: 'Rounding and backing',
      points: ['the spine', 'a backing hammer', 'the shoulder', 'glue'],
    },
    { title: 'Casing in', points: ['boards', 'the cover cloth', 'endpapers', 'pressing'] },
  ];
  doc.chapter('Contents').bullets(list.map((c, i) => `${i + 1}. ${c.title}`).concat('Tool list'));
  chapters(doc, random, list, {
    paragraphs: 8,
    figuresEach: 12,
    drawings: [signatures, folds],
    figureHeight: 230,
  });
  doc.chapter('Tool list for every budget');
  doc.table(
    [
      ['Tool', 'Starter', 'Keen', 'Workshop'],
      ['Bone folder', 'Teflon-free bone', 'Bone, two sizes', 'Teflon and bone set'],
      ['Awl', 'Sewing awl', 'Fine awl', 'Piercing cradle and awl'],
      ['Needles', 'Bookbinding #18', 'Assorted pack', 'Curved and straight'],
      ['Thread', 'Waxed linen 18/3', 'Several weights', 'Unwaxed and beeswax'],
      ['Press', 'Heavy books', 'Nipping press', 'Standing press'],
      ['Knife', 'Craft knife', 'Paring knife', 'Board shear'],
    ],
    [110, 110, 110, 154],
  );
  return doc;
}

function sourdoughGuide(title: string, subtitle: string): DemoDocument {
  const random = randomFrom(title);
  const doc = new DemoDocument(title).cover(subtitle, ['Seven days from starter to crumb']);
  const points = ['the starter', 'feeding times', 'hydration', 'temperature', 'the crumb'];
  for (let day = 1; day <= 7; day++) {
    doc.chapter(`Day ${day}`);
    doc.paragraph(guidance(random, points)).paragraph(guidance(random, points));
    doc.figure(`Starter rise over day ${day}.`, curve(random), 150);
  }
  doc.chapter('Hydration tables');
  doc.table([
    ['Flour (g)', '65%', '70%', '75%', '80%'],
    ...[500, 750, 1000].map((flour) => [
      String(flour),
      ...[0.65, 0.7, 0.75, 0.8].map((h) => `${Math.round(flour * h)} g water`),
    ]),
  ]);
  doc.chapter('Troubleshooting flat loaves');
  doc.table([
    ['Symptom', 'Likely cause', 'Try'],
    ['Flat, spreading loaf', 'Over-proofed', 'Shorter bulk, cooler room'],
    ['Dense, gummy crumb', 'Under-proofed', 'Longer bulk, warmer water'],
    ['Pale crust', 'Oven too cool', 'Preheat the pot an hour'],
    ['Large tunnels', 'Loose shaping', 'Build more surface tension'],
  ]);
  doc.chapter('Printable baking schedule');
  doc.table([
    ['Time', 'Step'],
    ['08:00', 'Feed the starter'],
    ['12:00', 'Mix and autolyse'],
    ['13:00', 'Add salt'],
    ['13:30-16:30', 'Stretch and fold every 30 min'],
    ['17:00', 'Shape, then cold proof'],
    ['08:00 next day', 'Bake at 250 C, lid on 20 min'],
  ]);
  return doc;
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

function balconyPlanner(title: string, subtitle: string): DemoDocument {
  const random = randomFrom(title);
  const doc = new DemoDocument(title).cover(subtitle, ['A planting calendar for every month']);
  const crops = [
    'basil',
    'parsley',
    'chard',
    'radishes',
    'cherry tomatoes',
    'chillies',
    'mint',
    'lettuce',
  ];
  for (const month of MONTHS) {
    doc.chapter(month);
    doc.paragraph(
      guidance(random, ['sowing', 'container size', 'watering rhythm', 'companion planting'], 4),
    );
    doc.table([
      ['Crop', 'Sow', 'Plant out', 'Harvest'],
      ...crops
        .slice(0, 5)
        .map((crop) => [
          crop,
          random.pick(['yes', '-', 'indoors']),
          random.pick(['yes', '-']),
          random.pick(['yes', '-']),
        ]),
    ]);
  }
  doc
    .chapter('Container sizes')
    .table([
      ['Crop', 'Minimum pot', 'Depth'],
      ...crops.map((crop) => [crop, `${random.int(2, 20)} litres`, `${random.int(15, 40)} cm`]),
    ]);
  doc.chapter('Watering rhythms').figure('Water needs through the year.', bars(random, 12));
  doc.chapter('Companion planting charts').figure('Good neighbours on one rail.', circles(random));
  return doc;
}

function watercolourSkies(title: string, subtitle: string): DemoDocument {
  const random = randomFrom(title);
  const doc = new DemoDocument(title).cover(subtitle, ['Ten lessons']);
  const lessons = [
    'A flat wash',
    'Graded skies',
    'Wet-in-wet clouds',
    'Lifting clouds',
    'Glazing light',
    'Sunset colour',
    'Storm clouds',
    'Rain and mist',
    'Skies over water',
    'Putting it together',
  ];
  lessons.forEach((lesson, i) => {
    doc.chapter(`Lesson ${i + 1}: ${lesson}`);
    doc
      .heading('Palette')
      .bullets([
        'French ultramarine',
        random.pick(['Burnt sienna', 'Light red', 'Raw sienna']),
        random.pick(["Payne's grey", 'Cerulean', 'Quinacridone rose']),
      ]);
    doc
      .heading('Value study')
      .figure(`Value study for ${lesson.toLowerCase()}.`, bands(random), 150);
    doc.heading('Step by step');
    for (let step = 1; step <= 4; step++)
      doc.paragraph(
        `Step ${step}. ${guidance(random, ['the wash', 'water on the brush', 'drying time', 'the horizon'], 3)}`,
      );
  });
  return doc;
}

export const GUIDES: Record<string, (title: string, subtitle: string) => DemoDocument> = {
  'The Bookbinding Handbook': bookbindingHandbook,
  'Sourdough Field Guide': sourdoughGuide,
  'Balcony Gardening Planner': balconyPlanner,
  'Watercolour Skies': watercolourSkies,
  ...PLAIN_GUIDES,
};

export function makeGuide(title: string, subtitle: string): Buffer {
  const guide = GUIDES[title];
  if (!guide) throw new Error(`no demo guide for "${title}"`);
  return guide(title, subtitle).toPdf();
}
