/** The parameters of one statement under construction: each value added gets its `$n` placeholder. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** The placeholder of `value`, cast to `type`: PostgreSQL infers no type from an untyped array given to unnest(). */
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}
