// Spec 3 section 9: a palette of 10 colours for every chart, and seven fixed colours for the
// participation report so a relative always sees the same colour for the same kind of content.
export const chartPalette = [
  '#2a7a5b',
  '#f2b134',
  '#3b6ea8',
  '#d0643b',
  '#7a5ba8',
  '#5fb3a1',
  '#b3261e',
  '#8a9a3b',
  '#d17fb0',
  '#5d6b63',
] as const;

export const participationPalette = [
  '#2a7a5b',
  '#f2b134',
  '#3b6ea8',
  '#d0643b',
  '#7a5ba8',
  '#5fb3a1',
  '#8a9a3b',
] as const;
