// The content-type merge of the usage rules edited as text: one "from = to" per line, since
// content type names may hold spaces ('Sing Along') but never '='.

export function mergeLines(merge: Record<string, string>): string {
  return Object.entries(merge)
    .map(([from, to]) => `${from} = ${to}`)
    .join('\n');
}

/** Blank lines are skipped; a line without '=' or with an empty side makes the text unreadable (null). */
export function parseMergeLines(text: string): Record<string, string> | null {
  const merge: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    const from = at < 0 ? '' : line.slice(0, at).trim();
    const to = at < 0 ? '' : line.slice(at + 1).trim();
    if (from === '' || to === '') return null;
    merge[from] = to;
  }
  return merge;
}
