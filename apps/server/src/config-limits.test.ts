import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** Issue 9: TRUST_PROXY and the socket caps are validated at boot like every other variable. */
describe('TRUST_PROXY and socket caps', () => {
  it('trusts no proxy and caps sockets by default', () => {
    const config = loadConfig({});
    expect(config.trustedProxies).toEqual([]);
    expect(config).toMatchObject({
      WS_MAX_SOCKETS_PER_ACCOUNT: 10,
      WS_MAX_SOCKETS_PER_IP: 200,
      WS_MAX_SUBSCRIPTIONS_PER_SOCKET: 300,
      LOGIN_FAILURES_PER_IP: 100,
    });
  });

  it('takes addresses, CIDRs and proxy-addr range names', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1, fd00::/8 ,loopback' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([['*'], ['true'], ['10.0.0.0/33'], ['::1/129'], ['proxy.example.com'], ['10.0.0.1/8/1'], ['10.0.0.0/x']])(
    'refuses TRUST_PROXY=%s, naming it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(`"${value}" is not an IP address`);
    },
  );

  it.each([
    ['WS_MAX_SOCKETS_PER_ACCOUNT', '0'],
    ['WS_MAX_SOCKETS_PER_IP', 'many'],
    ['WS_MAX_SUBSCRIPTIONS_PER_SOCKET', '-1'],
    ['LOGIN_FAILURES_PER_IP', '0'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
