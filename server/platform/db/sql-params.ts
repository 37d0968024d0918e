/** The parameters of one statement under construction: each value added gets its `$n` placeholder. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** The placeholder of `value`, cast to `type` (a statement's parameters carry no type of their own). */
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }

  /**
   * Many rows as ONE JSON parameter, read back as a table: `json_to_recordset($n::json) AS alias(columns)`.
   * Each row's keys name its columns; only the listed ones are serialized. JSON.stringify is
   * native, so this costs far less CPU than a parameter per column.
   */
  rows(rows: object[], alias: string, columns: string): string {
    const keys = columns.split(',').map((column) => column.trim().split(/\s+/)[0]!);
    // A key list applies at every depth: rows with a json or jsonb column are serialized whole.
    const only = /\bjsonb?\b/.test(columns) ? undefined : keys;
    return `json_to_recordset(${this.add(JSON.stringify(rows, only), 'json')}) AS ${alias}(${columns})`;
  }
}
