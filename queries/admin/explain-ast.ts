// ClickHouse's `EXPLAIN AST` text as a tree. Each line is one node: one space of indent per level,
// the node's kind, what it names (a function, identifier, literal), `(alias a)` and
// `(children N)`. The declared child counts must match the lines that follow, and every line must
// be one node: text that does not read that way is refused rather than guessed at.

export interface AstNode {
  kind: string;
  /** What follows the kind: a function's or identifier's name, a literal's value. */
  name: string;
  alias?: string;
  children: AstNode[];
}

const line = /^( *)([A-Za-z]+(?:::[A-Za-z]+)?)(?: (.*?))??(?: \(alias ([^()]*)\))?(?: \(children (\d+)\))?$/;

/** The tree, or null when the text is not a well-formed EXPLAIN AST answer. */
export function parseExplainAst(text: string): AstNode | null {
  const lines = text.replace(/\n+$/, '').split('\n');
  const parsed = lines.map((l) => line.exec(l));
  if (parsed.length === 0 || parsed.some((m) => m === null)) return null;
  let index = 0;
  function node(depth: number): AstNode | null {
    const m = parsed[index]!;
    if (m[1]!.length !== depth) return null;
    index++;
    const declared = Number(m[5] ?? 0);
    const children: AstNode[] = [];
    for (let k = 0; k < declared; k++) {
      if (index >= parsed.length) return null;
      const child = node(depth + 1);
      if (!child) return null;
      children.push(child);
    }
    return { kind: m[2]!, name: m[3] ?? '', ...(m[4] === undefined ? {} : { alias: m[4] }), children };
  }
  const root = node(0);
  return root && index === parsed.length ? root : null;
}
