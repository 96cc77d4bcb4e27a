const rules = new Intl.PluralRules('en-GB');

/** A count with its noun, as the screen's English reads it: "1 student", "12,000 students". */
export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-GB')} ${rules.select(count) === 'one' ? one : many}`;
