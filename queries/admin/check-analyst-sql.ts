import type { AnalystLane } from '../../infra/clickhouse/analyst-lane.ts';
import { validationError } from '../../infra/errors.ts';
import { loginLogTable } from '../../projections/warehouse/login-log.ts';
import { warehouseTables } from '../../projections/warehouse/tables.ts';
import { functionRefusal } from './analyst-sql-functions.ts';
import { textRefusal } from './analyst-sql-text.ts';
import { parseExplainAst, type AstNode } from './explain-ast.ts';

// What analysts' SQL may be, decided on ClickHouse's own parse of it, never on its words: exactly one
// SELECT (WITH, UNION, INTERSECT, EXCEPT, JOIN and subqueries allowed) over the warehouse tables of
// docs/warehouse.md, calling only functions of the allowlist, with no SETTINGS, FORMAT or INTO
// OUTFILE. Steps, all on the analyst lane's parser (it cannot write):
//   1. the text rules of analyst-sql-text.ts (heredocs, nested comments, odd quoted names);
//   2. formatQuerySingleLine(text), the text bound as a parameter: ClickHouse's parser refuses
//      several statements and answers one canonical statement without comments - the statement
//      that is then explained and, if accepted, run;
//   3. EXPLAIN AST of it, walked below; EXPLAIN QUERY TREE (no passes) names the WITH tables.

const refuse = (message: string) => validationError([{ path: 'body.sql', message }]);

/** Unqualified names of the tables analysts may read: every version's usage tables and login_log. */
const documentedTable = new RegExp(`^(${[...new Set(Object.values(warehouseTables(0)).map((t) => t.replace(/_v0$/, '')))].join('|')})_v\\d+$|^${loginLogTable}$`);

// The kinds of node a SELECT is made of. Anything else is refused: a kind not listed here may carry
// a function the walk cannot see (APPLY(f) prints no name, so `* APPLY(file)` is refused too).
const selectKinds = new Set([
  'SelectWithUnionQuery', 'SelectIntersectExceptQuery', 'SelectQuery', 'ExpressionList', 'WithElement', 'Subquery',
  'Literal', 'Identifier', 'Function', 'TablesInSelectQuery', 'TablesInSelectQueryElement', 'TableExpression',
  'TableIdentifier', 'TableJoin', 'ArrayJoin', 'Asterisk', 'QualifiedAsterisk', 'ColumnsRegexpMatcher',
  'ColumnsListMatcher', 'QualifiedColumnsRegexpMatcher', 'QualifiedColumnsListMatcher', 'ColumnsTransformerList',
  'ColumnsExceptTransformer', 'ColumnsReplaceTransformer', 'ColumnsReplaceTransformer::Replacement', 'OrderByElement',
  'WindowDefinition', 'WindowListElement', 'SampleRatio', 'InterpolateElement', 'Set',
]);
const inFunctions = new Set(['in', 'notIn', 'nullIn', 'notNullIn']);
/** Table functions that read nothing but what they generate. */
const generatingTableFunctions = new Set(['numbers']);

/** The canonical statement to run, or a ValidationError (path body.sql) saying why it is refused. */
export async function checkAnalystSql(lane: AnalystLane, text: string): Promise<string> {
  const textProblem = textRefusal(text);
  if (textProblem) throw refuse(textProblem);
  const statement = (await parse(lane, 'SELECT formatQuerySingleLine({sql:String})', { sql: text })).trim();
  const ast = parseExplainAst(await parse(lane, `EXPLAIN AST ${statement}`));
  if (!ast) throw refuse('The statement\'s parse could not be read; write it without unusual names');
  const statementProblem = statementRefusal(ast);
  if (statementProblem) throw refuse(statementProblem);
  // Everything but WITH names first, so nothing else of a refused statement is ever sent again.
  const otherNames = new Set<string>();
  const problem = walk(ast, null, otherNames);
  if (problem) throw refuse(problem);
  if (otherNames.size > 0) {
    const withNames = await withTableNames(lane, statement);
    const unknown = [...otherNames].find((name) => !withNames.has(name));
    if (unknown) throw refuse(tableRefusal(unknown));
  }
  return statement;
}

/**
 * The statement's WITH names (`WITH busy AS (SELECT ...)`), which EXPLAIN AST does not print; the
 * query tree before any pass does. A WITH name counts only where no real table has that name:
 * used outside the WITH's scope, it would read that table.
 */
async function withTableNames(lane: AnalystLane, statement: string): Promise<Set<string>> {
  const tree = await parse(lane, `EXPLAIN QUERY TREE run_passes = 0 ${statement}`);
  const names = tree.match(/is_cte: 1, cte_name: [^,\n]+/g)?.map((m) => m.slice('is_cte: 1, cte_name: '.length)) ?? [];
  const realTables = new Set((await parse(lane, 'SELECT name FROM system.tables WHERE database = currentDatabase()')).split('\n').filter(Boolean));
  return new Set(names.filter((name) => !realTables.has(name)));
}

/** ClickHouse's answer to a parse; its refusal (a syntax error, a SETTINGS it would not apply) is the analyst's to fix. */
async function parse(lane: AnalystLane, sql: string, params: Record<string, unknown> = {}): Promise<string> {
  try {
    return await lane.parse(sql, params);
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error);
    if (!/Code:\s*\d+|DB::Exception/.test(message)) throw error;
    if (/Cannot modify '.*' setting|setting in readonly mode|Setting .* should not be changed/i.test(message)) {
      throw refuse('SETTINGS is not allowed: the limits of analysts\' queries are fixed');
    }
    throw refuse(`ClickHouse could not parse it: ${clickhouseMessage(message)}`);
  }
}

/** The statement as a whole: one SELECT, nothing after it. */
function statementRefusal(root: AstNode): string | null {
  if (root.kind !== 'SelectWithUnionQuery') {
    // InsertQuery -> INSERT, KillQueryQuery -> KILL QUERY, ShowTables -> SHOW TABLES.
    const kind = root.kind.replace(/Query$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toUpperCase();
    return `Only SELECT statements are allowed (with WITH, UNION, JOIN, subqueries), not ${kind}`;
  }
  // After the query: FORMAT prints as an Identifier, INTO OUTFILE as a Literal, SETTINGS as Set.
  if (root.children.length !== 1) return 'FORMAT and INTO OUTFILE are not allowed: the answer is always rows as JSON';
  return null;
}

/** Why the tree is refused, or null; unqualified table names not documented go to `otherNames` (WITH names or refused). */
function walk(node: AstNode, parent: AstNode | null, otherNames: Set<string>): string | null {
  if (node.kind === 'Set') return 'SETTINGS is not allowed, in subqueries neither: the limits of analysts\' queries are fixed';
  if (!selectKinds.has(node.kind)) return `${node.kind.replace(/([a-z])([A-Z])/g, '$1 $2')} is not allowed in analysts' queries`;
  if (node.kind === 'TableIdentifier') {
    const refusal = tableName(node.name, otherNames);
    if (refusal) return refusal;
  }
  if (node.kind === 'Function') {
    if (parent?.kind === 'TableExpression') {
      if (!generatingTableFunctions.has(node.name)) return `Table function ${node.name} is not allowed: read the warehouse's tables (docs/warehouse.md)`;
    } else {
      const refusal = functionRefusal(node.name);
      if (refusal) return refusal;
      // `x IN t` names a table without a TableIdentifier.
      const tableArgument = inFunctions.has(node.name) ? node.children[0]?.children[1] : undefined;
      if (tableArgument?.kind === 'Identifier') {
        const tableProblem = tableName(tableArgument.name, otherNames);
        if (tableProblem) return tableProblem;
      }
    }
  }
  for (const child of node.children) {
    const problem = walk(child, node, otherNames);
    if (problem) return problem;
  }
  return null;
}

/** A documented table passes, a qualified name (system.tables, db.t) is refused, any other is noted. */
function tableName(name: string, otherNames: Set<string>): string | null {
  if (documentedTable.test(name)) return null;
  if (name.includes('.')) return tableRefusal(name);
  otherNames.add(name);
  return null;
}

function tableRefusal(name: string): string {
  return `Table ${name} is not allowed: only the warehouse's tables of docs/warehouse.md (e.g. sessions_v1, plays_v1, daily_usage_v1, login_log) and WITH names`;
}

/** ClickHouse's message without the code and stack: what the analyst can act on. */
export function clickhouseMessage(message: string): string {
  return message.split('\n')[0]!.replace(/^.*?DB::Exception:\s*/, '').replace(/^Code: \d+\. DB::Exception: /, '').slice(0, 500);
}
