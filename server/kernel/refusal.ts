/**
 * A domain saying no: a code from the closed list of the domain that refuses (each domain's
 * `refusals.ts`), and the data a gateway words it with. The domains know no protocol: the web
 * gateway answers a code with a status and {detail} (gateways/web/refusal-answers.ts), the Binance
 * gateway with {code, msg} (gateways/binance/refusal-answers.ts), each from one table.
 */
export class Refusal<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    readonly data: Readonly<Record<string, unknown>> = {},
  ) {
    super(code);
    this.name = 'Refusal';
  }
}

/** A domain's refusals: `refuse('insufficient-balance')` builds one with a code the domain lists. */
export const refusals =
  <Code extends string>() =>
  (code: Code, data: Readonly<Record<string, unknown>> = {}) =>
    new Refusal<Code>(code, data);
