import { ConfigError, loadConfig } from '../../server/platform/config/config';

const standby = 'postgres://postgres@standby:5432/exchange';

it('DATABASE_READ_URL needs DATABASE_URL: the embedded database has no standbys', () => {
  expect(() => loadConfig({ DATABASE_READ_URL: standby })).toThrow(ConfigError);
  expect(() => loadConfig({ DATABASE_READ_URL: standby })).toThrow(/DATABASE_READ_URL/);
});

it('DATABASE_READ_URL with DATABASE_URL is read, its pool size a number when given', () => {
  const config = loadConfig({
    DATABASE_URL: 'postgres://postgres@primary:5432/exchange',
    DATABASE_READ_URL: standby,
    DATABASE_READ_POOL_SIZE: '3',
  });
  expect(config.DATABASE_READ_URL).toBe(standby);
  expect(config.DATABASE_READ_POOL_SIZE).toBe(3);
  expect(() => loadConfig({ DATABASE_URL: 'postgres://p/x', DATABASE_READ_URL: 'http://standby' })).toThrow(
    ConfigError,
  );
});
