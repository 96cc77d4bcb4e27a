/** A reading level as people read it: "Orange band", "series A" (the label is shared with the server's export). */
import { bandLabel, COLOUR_BANDS, SERIES } from '@readalong/contracts';

export { levelLabel } from '@readalong/contracts';

/** The band's colour and its name as a child reads it ("Orange band"), or null for an unknown band. */
export function bandOf(colourBandId: number | null) {
  const band = COLOUR_BANDS.find((candidate) => candidate.id === colourBandId);
  return band ? { colour: band.colour, label: bandLabel(colourBandId)! } : null;
}

/** Every series as a select's options: "Series A". */
export const SERIES_OPTIONS = SERIES.map((series) => ({
  value: String(series.id),
  label: `Series ${series.name}`,
}));

/** The bands a series covers, as a select's options: "Orange band". */
export function bandOptions(seriesId: string) {
  const series = SERIES.find((candidate) => String(candidate.id) === seriesId);
  if (!series) return [];
  const [first, last] = series.defaultBands;
  return COLOUR_BANDS.filter((band) => band.id >= first && band.id <= last).map((band) => ({
    value: String(band.id),
    label: bandLabel(band.id) ?? String(band.id),
  }));
}
