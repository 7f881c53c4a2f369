// What the analyst's text may not contain, decided before ClickHouse parses it. ClickHouse's own
// parser decides everything else (check-analyst-sql.ts); this only refuses the constructs that let a
// text and its parse tell different stories: heredoc strings ($$...$$, $tag$...$tag$), nested
// comments, and quoted names holding escapes, control characters or parentheses (EXPLAIN AST
// prints names raw, so a name with a line break could pose as a node of its own).

/** Why the text is refused, or null. Strings, quoted names and comments are read as ClickHouse reads them. */
export function textRefusal(text: string): string | null {
  if (text.trim() === '') return 'Empty statement';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === "'") {
      const end = closing(text, i, "'");
      if (end === -1) return 'Unclosed string';
      i = end + 1;
    } else if (c === '`' || c === '"') {
      const end = closing(text, i, c);
      if (end === -1) return 'Unclosed quoted name';
      const name = text.slice(i + 1, end);
      if (/[\\()\u0000-\u001f\u007f]/.test(name)) return `Quoted names may not hold backslashes, parentheses or control characters: ${c}${name.slice(0, 40)}${c}`;
      i = end + 1;
    } else if (c === '$' && /^\$[A-Za-z0-9_]*\$/.test(text.slice(i))) {
      return 'Heredoc strings ($$...$$) are not allowed: write strings in single quotes';
    } else if ((c === '-' && next === '-') || (c === '#' && (next === ' ' || next === '!'))) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) return 'Unclosed comment';
      if (text.slice(i + 2, end).includes('/*')) return 'Nested comments are not allowed';
      i = end + 2;
    } else {
      i++;
    }
  }
  return null;
}

/** Index of the quote closing the one at `start` (a backslash escapes, a doubled quote is one), or -1. */
function closing(text: string, start: number, quote: string): number {
  let j = start + 1;
  while (j < text.length) {
    if (text[j] === '\\') j += 2;
    else if (text[j] === quote && text[j + 1] === quote) j += 2;
    else if (text[j] === quote) return j;
    else j++;
  }
  return -1;
}
