import { randomBytes } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as commonLanguage from '@zxcvbn-ts/language-common';
import * as englishLanguage from '@zxcvbn-ts/language-en';

/** zxcvbn's scale runs 0-4; 3 ("safely unguessable", about 10^8 guesses) refuses dictionary words, keyboard runs and the like. */
const MIN_SCORE = 3;
/**
 * The estimator's work grows steeply with length and with l33t substitutions to try (a random
 * 128-character password took seconds of blocked event loop): it judges the first 32 characters,
 * enough for any guessable password to show, with at most 10 substitution variants of each.
 */
const JUDGED_LENGTH = 32;
const L33T_VARIANTS = 10;

export interface PasswordOwner {
  email: string;
  full_name: string;
}

/** Built on first use: loading the dictionaries takes a moment a process that never sets a password need not spend. */
let estimator: ZxcvbnFactory | undefined;
function strengthEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonLanguage.dictionary, ...englishLanguage.dictionary },
    graphs: commonLanguage.adjacencyGraphs,
    translations: englishLanguage.translations,
    maxLength: JUDGED_LENGTH,
    l33tMaxSubstitutions: L33T_VARIANTS,
  });
  return estimator;
}

/** The owner's own details and their parts (e-mail local part, names), which a guesser would try first. */
function personalWords({ email, full_name }: PasswordOwner): string[] {
  const parts = `${email} ${full_name}`.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3);
  return [email, full_name, ...parts];
}

/**
 * What is wrong with a new password for this owner, or null when it is good enough. Length limits
 * are the schema's (auth.schemas.ts); this refuses what a guesser would try early.
 */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  if (password.trim() === '') return 'Password cannot be blank';
  if (password.trim().toLowerCase() === owner.email.trim().toLowerCase()) {
    return 'Password cannot be your email address';
  }
  const { score, feedback } = strengthEstimator().check(password, personalWords(owner));
  if (score >= MIN_SCORE) return null;
  return ['Password is too easy to guess.', feedback.warning, ...feedback.suggestions].filter(Boolean).join(' ');
}

/**
 * A random password (16 characters) for an account created without one. Drawn again in the rare
 * case the estimator finds it guessable (a run of one letter is as random as any other draw).
 */
export function generatePassword(owner: PasswordOwner): string {
  for (;;) {
    const password = randomBytes(12).toString('base64url');
    if (passwordProblem(password, owner) === null) return password;
  }
}
