import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../support/api.ts';

const api = useApi();

// As in AWS: only https to public addresses. Literal addresses need no DNS, so nothing here leaves the machine.
beforeAll(() => {
  delete process.env.WEBHOOK_DESTINATIONS;
});
afterAll(() => {
  process.env.WEBHOOK_DESTINATIONS = 'local';
});

const subscribe = (host: string) =>
  api.request('POST', '/api/webhooks', { body: { url: `https://${host}/hooks`, types: ['*'] } });

describe('a webhook may reach public unicast addresses only, judged by the IPv4 address an IPv6 one carries', () => {
  it.each([
    // Teredo (RFC 4380): 2001:0:<server>:<flags>:<port>:<client IPv4 XOR ffff:ffff>.
    ['Teredo to a private client (10.0.0.1)', '[2001:0:4136:e378:8000:63bf:f5ff:fffe]'],
    ['Teredo to a loopback client (127.0.0.1)', '[2001:0:4136:e378:8000:63bf:80ff:fffe]'],
    ['Teredo to the metadata service (169.254.169.254)', '[2001:0:4136:e378:8000:63bf:5601:5601]'],
    // NAT64 for a network's own use (RFC 8215): its translator decides where it goes.
    ['NAT64 local-use to a private address', '[64:ff9b:1::a00:1]'],
    ['NAT64 local-use, even to a public address', '[64:ff9b:1::5db8:d70e]'],
    ['NAT64 to the metadata service', '[64:ff9b::a9fe:a9fe]'],
    ['6to4 to a private address', '[2002:a00:1::1]'],
    ['IPv4-mapped loopback', '[::ffff:127.0.0.1]'],
    ['IPv4-translated private address', '[::ffff:0:a00:1]'],
    ['an IPv4-compatible address', '[::a00:1]'],
    ['the benchmarking range', '198.18.0.1'],
    ['the limited broadcast address', '255.255.255.255'],
    ['IPv6 documentation', '[2001:db8::1]'],
    ['IPv6 discard-only', '[100::1]'],
  ])('refuses %s with 400 naming url', async (_name, host) => {
    const response = await subscribe(host);

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path: 'url', message: expect.stringMatching(/^url must not point to/) }]);
  });

  it.each([
    ['a public IPv4 address', '93.184.215.14'],
    ['a public IPv6 address', '[2606:2800:21f:cb07:6820:80da:af6b:8b2c]'],
    ['NAT64 to a public IPv4 address', '[64:ff9b::5db8:d70e]'],
    ['Teredo to a public client (93.184.215.14)', '[2001:0:4136:e378:8000:63bf:a247:28f1]'],
  ])('accepts %s', async (_name, host) => {
    const response = await subscribe(host);

    expect(response.status).toBe(201);
    await api.request('DELETE', `/api/webhooks/${response.body.id}`);
  });
});
