import type { Refusal } from '../../kernel/refusal';
import type { LedgerRefusal } from '../../ledger/refusals';
import { HttpError } from '../../platform/http/errors';

/** Every code a domain refuses with. The table below must word each one: a new code fails the type check until it does. */
type RefusalCode = LedgerRefusal;

type Detail = string | ((data: Readonly<Record<string, unknown>>) => string);

/** The web API's answer to each refusal: its status and {detail}. */
const ANSWERS: { readonly [Code in RefusalCode]: readonly [status: number, detail: Detail] } = {
  'insufficient-balance': [400, 'Insufficient balance'],
};

/** A refusal as the web API answers it: the status and {"detail"} of its code. */
export function refusalAnswer(refusal: Refusal): HttpError {
  const answer = ANSWERS[refusal.code as RefusalCode];
  if (!answer) throw new Error(`no web answer for the refusal '${refusal.code}'`);
  const [status, detail] = answer;
  return new HttpError(status, typeof detail === 'string' ? detail : detail(refusal.data));
}
