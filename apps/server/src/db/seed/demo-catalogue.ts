import type { DigitalFormat } from '@bindery/shared';

export interface DemoProduct {
  title: string;
  subtitle: string;
  description: string;
  priceCents: number;
  format: DigitalFormat;
  hue: number;
}

/** The demo shop: eight guides (PDF), eight e-books (EPUB) and eight bundles (ZIP). */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    format: 'pdf',
    hue: 210,
    priceCents: 1900,
    title: 'The Bookbinding Handbook',
    subtitle: 'Sewn, glued and cased bindings at home',
    description:
      'A practical handbook for binding your own books: choosing paper grain, folding signatures, sewing on tapes, rounding and backing, and casing in. 38 pages with sixty diagrams and a tool list for every budget.',
  },
  {
    format: 'pdf',
    hue: 20,
    priceCents: 1250,
    title: 'Sourdough Field Guide',
    subtitle: 'From starter to crumb in seven days',
    description:
      'A day-by-day guide to a lively starter and an open crumb. Hydration tables, a troubleshooting chart for flat loaves and a printable baking schedule.',
  },
  {
    format: 'pdf',
    hue: 140,
    priceCents: 900,
    title: 'Balcony Gardening Planner',
    subtitle: 'Twelve months of herbs and vegetables',
    description:
      'Month-by-month planting calendar for small spaces, container sizes, watering rhythms and companion planting charts. Print it, pin it, grow more.',
  },
  {
    format: 'pdf',
    hue: 265,
    priceCents: 2400,
    title: 'Typography for Screens',
    subtitle: 'Readable type for apps and the web',
    description:
      'Line length, leading, contrast and scale for interfaces. Worked examples show before and after, with a checklist you can run against any design.',
  },
  {
    format: 'pdf',
    hue: 0,
    priceCents: 1500,
    title: 'Freelance Pricing Workbook',
    subtitle: 'Quote with confidence',
    description:
      'Exercises to find your day rate, package services and write proposals clients sign. Includes worksheets for costs, capacity and value-based pricing.',
  },
  {
    format: 'pdf',
    hue: 185,
    priceCents: 1100,
    title: 'Watercolour Skies',
    subtitle: 'Clouds, sunsets and storms in ten lessons',
    description:
      'Ten short lessons on wet-in-wet skies, lifting clouds and glazing light. Each lesson has a palette, a value study and a step-by-step painting.',
  },
  {
    format: 'pdf',
    hue: 45,
    priceCents: 700,
    title: 'Home Espresso Cheat Sheet',
    subtitle: 'Dial in any bean',
    description:
      'A two-page reference for dose, yield and time, with taste-based fixes for sour and bitter shots. Laminate it and keep it by the grinder.',
  },
  {
    format: 'pdf',
    hue: 320,
    priceCents: 3200,
    title: 'Small Business Bookkeeping',
    subtitle: 'A plain-language handbook',
    description:
      'Double entry without the jargon: set up accounts, reconcile the bank, handle sales tax and read your own reports. Written for sole traders and small teams.',
  },
  {
    format: 'epub',
    hue: 230,
    priceCents: 999,
    title: 'The Lighthouse Keeper',
    subtitle: 'A novel of the northern coast',
    description:
      'When the last keeper of Skerry Light finds a logbook that is not his own, the island begins to give up its secrets. A quiet, atmospheric mystery.',
  },
  {
    format: 'epub',
    hue: 100,
    priceCents: 1299,
    title: 'Letters from the Orchard',
    subtitle: 'Essays on slow living',
    description:
      'Twelve essays written over a year among apple trees: on patience, repair, seasons and the small work that keeps a place alive.',
  },
  {
    format: 'epub',
    hue: 10,
    priceCents: 1499,
    title: 'A Short History of Paper',
    subtitle: 'From mulberry bark to pulp mills',
    description:
      'How paper travelled from Han China through Samarkand and Baghdad to European mills, and how it changed what people could write down.',
  },
  {
    format: 'epub',
    hue: 290,
    priceCents: 799,
    title: 'Night Trains',
    subtitle: 'Stories',
    description:
      'Seven stories set aboard sleeper trains across Europe: strangers in couchettes, border stops at 3 a.m. and the dining car at dawn.',
  },
  {
    format: 'epub',
    hue: 160,
    priceCents: 1899,
    title: 'Practical Cryptography Primer',
    subtitle: 'Hashes, keys and signatures explained',
    description:
      'What hashing, encryption and digital signatures actually guarantee, where they fail, and how to choose sane defaults. No maths degree required.',
  },
  {
    format: 'epub',
    hue: 35,
    priceCents: 1099,
    title: 'The Mountain Cookbook',
    subtitle: 'Hearty food for cold days',
    description:
      'Stews, breads and one-pot dinners from alpine kitchens, with notes on cooking at altitude and packing meals for the trail.',
  },
  {
    format: 'epub',
    hue: 200,
    priceCents: 1399,
    title: 'Learning to Sail',
    subtitle: 'A beginner\u2019s companion',
    description:
      'Points of sail, knots, right of way and reading the weather, told through a first season on a small dinghy. Includes a glossary of sailing terms.',
  },
  {
    format: 'epub',
    hue: 340,
    priceCents: 899,
    title: 'Poems for Rainy Afternoons',
    subtitle: 'A pocket anthology',
    description:
      'Forty short poems about weather, windows and the comfort of staying in, chosen to be read aloud with a cup of tea.',
  },
  {
    format: 'zip',
    hue: 250,
    priceCents: 2900,
    title: 'Icon Set: Everyday Line',
    subtitle: '240 icons in SVG and PNG',
    description:
      'A consistent line icon set on a 24 px grid, with SVG sources, PNG exports at three sizes and a licence for commercial use.',
  },
  {
    format: 'zip',
    hue: 120,
    priceCents: 1500,
    title: 'Printable Habit Trackers',
    subtitle: 'Monthly, weekly and daily sheets',
    description:
      'A bundle of habit trackers in A4 and US Letter: monthly grids, weekly planners and daily checklists, ready to print.',
  },
  {
    format: 'zip',
    hue: 15,
    priceCents: 3900,
    title: 'Invoice Templates Bundle',
    subtitle: 'Spreadsheet and document formats',
    description:
      'Clean invoice, quote and receipt templates for freelancers, with automatic totals and tax lines. Works in any spreadsheet program.',
  },
  {
    format: 'zip',
    hue: 275,
    priceCents: 2500,
    title: 'Lo-fi Sample Pack',
    subtitle: 'Drums, keys and textures',
    description:
      'Dusty drum loops, warm electric piano chords and vinyl textures for beatmakers, organised by tempo and key.',
  },
  {
    format: 'zip',
    hue: 60,
    priceCents: 1200,
    title: 'Wedding Stationery Kit',
    subtitle: 'Invitations, menus and place cards',
    description:
      'Matching templates for invitations, save-the-dates, menus and place cards, with font pairing suggestions and printing tips.',
  },
  {
    format: 'zip',
    hue: 190,
    priceCents: 4900,
    title: 'Website Starter Templates',
    subtitle: 'Five responsive landing pages',
    description:
      'Five hand-written HTML and CSS landing pages for portfolios, cafes and small shops. No build tools, no frameworks, easy to edit.',
  },
  {
    format: 'zip',
    hue: 300,
    priceCents: 1800,
    title: 'Brush Lettering Worksheets',
    subtitle: 'Trace-and-practise alphabets',
    description:
      'Guided worksheets for brush pen lettering: basic strokes, lowercase and uppercase alphabets, connections and flourishes.',
  },
  {
    format: 'zip',
    hue: 85,
    priceCents: 999,
    title: 'Recipe Card Collection',
    subtitle: 'Fifty family favourites',
    description:
      'Fifty printable recipe cards from quick weeknight dinners to holiday bakes, with a blank template for your own.',
  },
];
