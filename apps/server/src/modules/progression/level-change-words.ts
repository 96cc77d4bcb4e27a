/**
 * A level change's cause in words (IN6), read back from the `details` R12 stored with it, for staff screens and CSVs:
 * staff read "Silver medal: average 91 % over the last 5 quizzes", not the record's JSON.
 */
export function levelChangeInWords(rule: string, details: Record<string, unknown>): string {
  const scores = Array.isArray(details.scores)
    ? details.scores.map((score) => `${Math.round(Number(score))} %`)
    : [];
  const restarted = details.has_reset_colour === true ? '; the colour band starts again' : '';
  switch (rule) {
    case 'level_up':
      return `${capitalised(typeof details.medal === 'string' ? details.medal : 'a')} medal: average ${Math.round(Number(details.average_percent))} % over the last ${scores.length} quizzes (${scores.join(', ')})`;
    case 'level_down':
      return `The last ${scores.length} quiz scores were low (${scores.join(', ')})`;
    case 'placement':
      return `Placement test: ${Math.round(Number(details.score_percent))} %${restarted}`;
    case 'manual_placement':
      return `${typeof details.reason === 'string' && details.reason ? `“${details.reason}”` : 'Set by hand'}${restarted}`;
    case 'reset':
      return 'Placement reset: the student takes the placement test again';
    default:
      return '';
  }
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
