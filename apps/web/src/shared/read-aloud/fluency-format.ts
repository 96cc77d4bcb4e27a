/** How fluency figures are written on every screen: whole numbers, a dash for none. */

export const formatRate = (wordsPerMinute: number | null) =>
  wordsPerMinute === null ? '–' : String(Math.round(wordsPerMinute));

/** Rounded down: a reading with any word read wrongly never shows as 100%. */
export const formatAccuracy = (percent: number | null) =>
  percent === null ? '–' : `${Math.floor(percent)}%`;

/** Faster than anyone reads aloud: the reading most likely stopped before the end of the passage. */
export const IMPLAUSIBLE_WPM = 300;
