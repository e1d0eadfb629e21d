/**
 * Text for the demo files, made from a few words about each subject. The same input always
 * gives the same text (a seeded generator), so a demo file reads the same on every store.
 */

/** A small deterministic random generator (mulberry32) seeded from a string. */
export function randomFrom(seed: string) {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof randomFrom>;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const GUIDANCE: Array<(point: string, other: string) => string> = [
  (p) => `Start with ${p}: it decides much of what follows.`,
  (p) => `A common mistake is to rush ${p}; a few extra minutes here save an hour later.`,
  (p) => `Keep notes as you work on ${p}, and compare them the next time round.`,
  (p, o) => `Practise ${p} on something small before you move on to ${o}.`,
  (p, o) => `${capital(p)} and ${o} work together: change one and the other follows.`,
  (p) => `If a result disappoints, go back to ${p} and check it against the worked example.`,
  (p) => `There is no single right answer for ${p}, but there are a few reliable defaults.`,
  (p) => `The checklist at the end of the chapter sums up ${p} at a glance.`,
  (p, o) => `Once ${p} feels familiar, ${o} becomes much easier to judge.`,
  (p) => `Measure before you decide anything about ${p}; guesses tend to drift.`,
  (p) => `Most of the difference between a good result and a great one lies in ${p}.`,
  (p, o) => `Write down what you changed in ${p} and what happened to ${o}.`,
];

/** A paragraph of practical guidance on `points` (a handbook's or a primer's prose). */
export function guidance(random: Random, points: readonly string[], sentences = 5): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) {
    const point = random.pick(points);
    const other = random.pick(points.filter((candidate) => candidate !== point)) ?? point;
    out.push(random.pick(GUIDANCE)(point, other));
  }
  return out.join(' ');
}

const NARRATION: Array<(who: string, where: string, thing: string) => string> = [
  (w, p) => `${w} stood at the edge of ${p} and listened for a long time.`,
  (w, _p, t) => `Nobody had spoken of ${t} for years, and ${w} was not sure why it mattered now.`,
  (w) => `The wind changed in the night, and by morning ${w} had made up their mind.`,
  (_w, p) => `Light came late to ${p}, grey at first and then the colour of weak tea.`,
  (w, _p, t) => `${w} turned ${t} over in their hands, looking for a name or a date.`,
  (w, p) => `From ${p} the sea was a single line, drawn and redrawn by the weather.`,
  (w) => `"We should have asked sooner," ${w} said, and nobody answered.`,
  (w, _p, t) => `There was a story about ${t}, and ${w} had only ever heard half of it.`,
  (_w, p) => `The clocks at ${p} all told slightly different times.`,
  (w) => `${w} wrote a few lines in the notebook and then crossed most of them out.`,
  (w, p) => `It took ${w} the better part of an hour to walk back to ${p}.`,
  (_w, _p, t) => `Somewhere below, ${t} waited, as it had waited all along.`,
];

/** A paragraph of story: people, places and one thing everyone keeps coming back to. */
export function narration(
  random: Random,
  cast: { people: readonly string[]; places: readonly string[]; things: readonly string[] },
  sentences = 6,
): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) {
    const line = random.pick(NARRATION);
    out.push(line(random.pick(cast.people), random.pick(cast.places), random.pick(cast.things)));
  }
  return out.join(' ');
}

const VERSE: Array<(a: string, b: string) => string> = [
  (a, b) => `The ${a} keeps time against the ${b},`,
  (a) => `and nobody is going anywhere in ${a}.`,
  (a, b) => `A kettle, a window, the ${a}, the ${b}:`,
  (a) => `enough to fill an afternoon with ${a}.`,
  (a, b) => `I count the ${a} and lose count of the ${b}.`,
  (a) => `Let the ${a} do the talking for a while.`,
  (a, b) => `Outside, the ${a}; inside, the ${b}.`,
  (a) => `and the street goes soft and silver with ${a}.`,
];

/** A short poem of two or three stanzas from a handful of words. */
export function poem(random: Random, words: readonly string[]): string {
  const stanzas: string[] = [];
  for (let s = random.int(2, 3); s > 0; s--) {
    const lines: string[] = [];
    for (let l = 0; l < 4; l++)
      lines.push(random.pick(VERSE)(random.pick(words), random.pick(words)));
    stanzas.push(lines.join('\n'));
  }
  return stanzas.join('\n\n');
}
