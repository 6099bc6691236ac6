import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { bearer, publicCaller } from '#shared/http/caller-kinds.ts';
import { idempotencyKeys, idempotencyKeysWhen } from '#shared/http/idempotency.ts';
import { route } from '#shared/http/route.ts';
import { signingToken } from '#shared/signing/signing-token.ts';

const nothing = async () => ({ status: 204 });

// A function that would let the wrong callers in, or forget its Idempotency-Key layer, must not compile (each
// `@ts-expect-error` below fails `tsc` once the compiler lets the call through) nor load at all.
describe('route(), as a function is built', () => {
  it('refuses a public route without a caller kind: the gateway checks nothing there', () => {
    // @ts-expect-error a public route names its caller kind
    expect(() => route('docs-page', {}, nothing)).toThrow(
      /docs-page is public: pass caller: publicCaller or signingToken/,
    );
    // @ts-expect-error a public route takes a public caller kind
    expect(() => route('signing-view', { caller: bearer }, nothing)).toThrow(/signing-view is public/);
  });

  it('refuses a signing token or a public caller on a route with roles', () => {
    // @ts-expect-error a route with roles takes no caller
    expect(() => route('contacts-get', { caller: publicCaller }, nothing)).toThrow(
      /contacts-get has roles: drop caller/,
    );
    // @ts-expect-error a route with roles takes no caller
    expect(() => route('contacts-get', { caller: signingToken(['open']) }, nothing)).toThrow(
      /contacts-get has roles: drop caller/,
    );
  });

  it('refuses a POST that replays without its Idempotency-Key layer, and the layer anywhere else', () => {
    const body = v.object({});

    // @ts-expect-error a POST that replays takes the Idempotency-Key layer
    expect(() => route('contacts-create', { body }, nothing)).toThrow(
      /contacts-create replays: pass idempotency: idempotencyKeys/,
    );
    // @ts-expect-error a POST that replays takes the Idempotency-Key layer
    expect(() => route('signing-sign', { caller: signingToken(['open']), body }, nothing)).toThrow(/idempotency/);
    // @ts-expect-error a route that keeps no answers takes no layer replaying all
    expect(() => route('webhooks-create', { body, idempotency: idempotencyKeys }, nothing)).toThrow(/ replays nothing/);
    // @ts-expect-error a GET takes no Idempotency-Key layer
    expect(() => route('contacts-get', { idempotency: idempotencyKeys }, nothing)).toThrow(/ replays nothing/);
  });

  it('takes a layer that replays only some requests on a route that keeps no answers, and nowhere it must replay all', () => {
    const body = v.object({});
    const some = idempotencyKeysWhen(() => true);

    expect(route('signing-sessions-open', { body, idempotency: some }, nothing)).toBeTypeOf('function');
    // @ts-expect-error a POST that replays every answer takes the layer replaying all
    expect(() => route('contacts-create', { body, idempotency: some }, nothing)).toThrow(
      /contacts-create replays: pass idempotency: idempotencyKeys/,
    );
  });

  it('builds every kind on the routes it fits', () => {
    expect(route('contacts-get', {}, nothing)).toBeTypeOf('function');
    expect(route('docs-page', { caller: publicCaller }, nothing)).toBeTypeOf('function');
    expect(route('signing-view', { caller: signingToken(['open']) }, nothing)).toBeTypeOf('function');
  });
});
