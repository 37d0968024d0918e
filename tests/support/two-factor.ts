import { generate } from 'otplib';
import type { ApiClient } from './http-client';

const PERIOD_SECONDS = 30;

/** The TOTP time step now (30-second steps since the epoch). */
export const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);

/** The code an authenticator app shows for `secret` during `step` (default: now), computed as an app would. */
export const codeAt = (secret: string, step = currentStep()) => generate({ secret, epoch: step * PERIOD_SECONDS });

export interface EnabledTwoFactor {
  secret: string;
  recoveryCodes: string[];
  /** The step of the code that turned it on: used, so the next code good for this account is of a later step. */
  step: number;
}

/** Sets up and turns on two-factor for the client's account, with a code computed from the secret it was given. */
export async function enableTwoFactor(client: ApiClient): Promise<EnabledTwoFactor> {
  const setup = await client.post('/account/2fa/setup');
  if (setup.status !== 200) throw new Error(`2fa setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const secret = setup.body.secret as string;
  const step = currentStep();
  const enabled = await client.post('/account/2fa/enable', { code: await codeAt(secret, step) });
  if (enabled.status !== 200) throw new Error(`2fa enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  return { secret, recoveryCodes: enabled.body.recovery_codes, step };
}

/** Six digits that are none of the codes `secret` gives around now: a wrong code that cannot be right by chance. */
export async function wrongCode(secret: string): Promise<string> {
  const step = currentStep();
  const right = await Promise.all([-1, 0, 1, 2].map((offset) => codeAt(secret, step + offset)));
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, '0');
    if (!right.includes(code)) return code;
  }
}
