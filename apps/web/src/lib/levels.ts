/** A reading level as people read it: "Orange band", "series A". */
import { COLOUR_BANDS, SERIES } from '@readalong/contracts';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The band's colour and its name as a child reads it ("Orange band"), or null for an unknown band. */
export function bandOf(colourBandId: number | null) {
  const band = COLOUR_BANDS.find((candidate) => candidate.id === colourBandId);
  return band ? { colour: band.colour, label: `${capitalise(band.name)} band` } : null;
}

/** "Orange band, series BR". */
export function levelLabel(seriesId: number | null, colourBandId: number | null): string {
  const band = bandOf(colourBandId)?.label ?? 'No band yet';
  const series = SERIES.find((candidate) => candidate.id === seriesId);
  return series ? `${band}, series ${series.name}` : band;
}
