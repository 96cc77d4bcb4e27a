/** A reading level as people read it: "Orange band", "series A" (the label is shared with the server's export). */
import { bandLabel, COLOUR_BANDS } from '@readalong/contracts';

export { levelLabel } from '@readalong/contracts';

/** The band's colour and its name as a child reads it ("Orange band"), or null for an unknown band. */
export function bandOf(colourBandId: number | null) {
  const band = COLOUR_BANDS.find((candidate) => candidate.id === colourBandId);
  return band ? { colour: band.colour, label: bandLabel(colourBandId)! } : null;
}
