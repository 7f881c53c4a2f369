// A recipe's description is HTML; a result row shows it as one line of text, cut at 100
// characters with '...' (spec 1 section 9, spec 2 section 2).

export const descriptionCutOff = 100;

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

export function descriptionLine(html: string | null, max = descriptionCutOff): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
