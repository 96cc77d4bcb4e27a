/** A reading level as people read it, the same in the app and in the class export (docs/rules.md M9). */
import { COLOUR_BANDS, SERIES } from './domain.js';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Orange band", or null for an unknown band. */
export function bandLabel(colourBandId: number | null): string | null {
  const band = COLOUR_BANDS.find((candidate) => candidate.id === colourBandId);
  return band ? `${capitalise(band.name)} band` : null;
}

/** "Orange band, series BR"; "No band yet" before placement. */
export function levelLabel(seriesId: number | null, colourBandId: number | null): string {
  const band = bandLabel(colourBandId) ?? 'No band yet';
  const series = SERIES.find((candidate) => candidate.id === seriesId);
  return series ? `${band}, series ${series.name}` : band;
}
