import fc from 'fast-check';
import { randomCredential, API_KEY_FORMAT } from '../../server/identity/api-keys/api-key-credentials';
import { BinanceError } from '../../server/gateways/binance/protocol/binance-error';
import {
  binanceSignature,
  checkTimestamp,
  totalParams,
  withoutSignature,
} from '../../server/gateways/binance/signed-request';

/** Binance's documented example of a SIGNED request (its REST API documentation, "SIGNED Endpoint Examples"). */
const SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const QUERY =
  'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';

describe("Binance's signing", () => {
  it('signs the documented query string as Binance does', () => {
    expect(binanceSignature(SECRET, totalParams(QUERY, ''))).toBe(
      'c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71',
    );
  });

  it('signs the same parameters sent in the body alone', () => {
    expect(binanceSignature(SECRET, totalParams('', QUERY))).toBe(
      'c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71',
    );
  });

  it('signs the documented split between query string and body: the two joined with nothing between them', () => {
    const query = 'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC';
    const body = 'quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';
    expect(binanceSignature(SECRET, totalParams(query, body))).toBe(
      '0fd168b8ddb4876a0358a8d14d0c9f3da0e9b20c5d52b2a00fcf7d1c602f9a77',
    );
  });

  it('leaves the signature parameter out wherever it is sent, and the rest byte for byte', () => {
    expect(withoutSignature(`${QUERY}&signature=abc`)).toBe(QUERY);
    expect(withoutSignature(`signature=abc&${QUERY}`)).toBe(QUERY);
    expect(totalParams('a=%20b&signature=1', 'signature=2&c=d+e')).toBe('a=%20bc=d+e');
    // A parameter whose name only starts with "signature" is signed like any other.
    expect(withoutSignature('signatures=1&x=2')).toBe('signatures=1&x=2');
  });

  it('removes exactly the signature parameters from any parameter list (property)', () => {
    const name = fc.stringMatching(/^[a-zA-Z]{1,12}$/);
    const value = fc.stringMatching(/^[a-zA-Z0-9%.+-]{0,12}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 8 }), fc.nat(8), (pairs, at) => {
        const kept = pairs.filter(([key]) => key !== 'signature').map(([key, v]) => `${key}=${v}`);
        const sent = [...kept];
        sent.splice(Math.min(at, sent.length), 0, 'signature=0123abcd');
        expect(withoutSignature(sent.join('&'))).toBe(kept.join('&'));
      }),
    );
  });
});

describe('the timestamp rule: timestamp < serverTime + 1000 and serverTime - timestamp <= recvWindow', () => {
  const codeOf = (run: () => void) => {
    try {
      run();
      return null;
    } catch (error) {
      return error instanceof BinanceError ? `${error.code} ${error.message}` : String(error);
    }
  };
  const now = 1_700_000_000_000;

  it('accepts a timestamp up to 999 ms ahead and up to recvWindow behind', () => {
    expect(codeOf(() => checkTimestamp(now + 999, 5000, now))).toBeNull();
    expect(codeOf(() => checkTimestamp(now - 5000, 5000, now))).toBeNull();
    expect(codeOf(() => checkTimestamp(now, 0, now))).toBeNull();
  });

  it("refuses one 1000 ms ahead or more, and one older than recvWindow, with Binance's messages", () => {
    expect(codeOf(() => checkTimestamp(now + 1000, 5000, now))).toBe(
      "-1021 Timestamp for this request was 1000ms ahead of the server's time.",
    );
    expect(codeOf(() => checkTimestamp(now - 5001, 5000, now))).toBe(
      '-1021 Timestamp for this request is outside of the recvWindow.',
    );
  });

  it('agrees with the rule for any timestamp and window (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -70_000, max: 5_000 }), fc.integer({ min: 0, max: 60_000 }), (offset, window) => {
        const accepted = codeOf(() => checkTimestamp(now + offset, window, now)) === null;
        expect(accepted).toBe(now + offset < now + 1000 && -offset <= window);
      }),
    );
  });
});

describe('API key credentials', () => {
  it('are 64 letters and digits, every character of the alphabet in use, never repeating', () => {
    const credentials = Array.from({ length: 200 }, randomCredential);
    for (const credential of credentials) expect(credential).toMatch(API_KEY_FORMAT);
    expect(new Set(credentials).size).toBe(credentials.length);
    expect(new Set(credentials.join('')).size).toBe(62);
  });
});
