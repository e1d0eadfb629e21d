/** Joins class names, leaving out the empty and the false: `cx('btn', isOn && 'btn--on')`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
