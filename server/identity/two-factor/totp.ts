import { generateSecret, generateURI, verify } from 'otplib';

/** The name authenticator apps show beside the account. */
const ISSUER = 'CryptoExchange';
/** Codes of the step before and after the current one are accepted too: clocks drift, people type slowly. */
const TOLERANCE_SECONDS = 30;
const SIX_DIGITS = /^\d{6}$/;

/** A new TOTP secret (RFC 6238 with authenticator apps' defaults: SHA-1, 6 digits, 30 s), Base32. */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URL an authenticator app reads from a QR code. */
export const otpauthUrl = (secret: string, accountName: string): string =>
  generateURI({ issuer: ISSUER, label: accountName, secret });

export const looksLikeTotpCode = (code: string): boolean => SIX_DIGITS.test(code);

/**
 * The time step of `code` when it is right for `secret` now (give or take one step) and later than
 * `afterStep`, the step of the last code accepted: a code is good once. Otherwise null.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!looksLikeTotpCode(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The functional API answers for HOTP too; a TOTP result carries its step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
