import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContactInput } from '#shared/contacts/schema.ts';
import { isJsonMediaType } from '#shared/http/media-type.ts';
import { maxUserAgentLength, truncateUserAgent } from '#shared/http/user-agent.ts';
import { emailAddress, optionalText, printedName, requiredText } from '#shared/schema/fields.ts';
import { toInlineSchema } from '../../docs/openapi/json-schema.ts';
import { toApiGatewayEvent } from '../../infra/local/api-gateway-event.ts';
import { lambdaContext, loadHandler } from '../../infra/local/handler-loader.ts';
import { unique, useApi } from '../support/api.ts';

const api = useApi();

const ajv = new Ajv2020({ strict: false });
// A CommonJS module: its default export is the module, whose `default` is the plugin.
formatsPlugin.default(ajv);

/** What a client that validates with the published schema decides, and what the server decides. */
const verdicts = (schema: v.GenericSchema, value: unknown) => ({
  document: ajv.validate(toInlineSchema(schema), value),
  server: v.safeParse(schema, value).success,
});

const messageOf = (schema: v.GenericSchema, value: unknown) =>
  v.safeParse(schema, value, { abortPipeEarly: true }).issues?.[0]?.message;

const newContact = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: unique('Lovelace'),
  ...overrides,
});

const emoji = '\u{1F600}';

describe('lengths count Unicode code points, as JSON Schema does', () => {
  it('documents the limit as maxLength and lets 100 emoji through a limit of 100, but not 101', () => {
    const field = requiredText(100);

    expect(toInlineSchema(field)).toMatchObject({ type: 'string', maxLength: 100 });
    expect(verdicts(field, emoji.repeat(100))).toEqual({ document: true, server: true });
    expect(verdicts(field, emoji.repeat(101))).toEqual({ document: false, server: false });
    expect(messageOf(field, emoji.repeat(101))).toBe('Must be at most 100 characters');
  });

  it('stores a last name of 100 emoji (200 UTF-16 units) and refuses 101 with the documented message', async () => {
    const hundred = await api.request('POST', '/api/contacts', { body: newContact({ lastName: emoji.repeat(100) }) });
    const tooMany = await api.request('POST', '/api/contacts', { body: newContact({ lastName: emoji.repeat(101) }) });

    expect(hundred.status).toBe(201);
    expect(hundred.body.lastName).toBe(emoji.repeat(100));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual([{ path: 'lastName', message: 'Must be at most 100 characters' }]);
  });

  it('counts the optional notes in code points too', () => {
    const notes = ContactInput.entries.notes;

    expect(v.safeParse(notes, emoji.repeat(5000)).success).toBe(true);
    expect(messageOf(notes, emoji.repeat(5001))).toBe('Must be at most 5000 characters');
  });
});

describe('invisible and control characters', () => {
  const invisibleOnly = ['\u200b', '\u200c\u200d', '\u2060', '\ufeff', ' \u200e\u200f ', '\u202a\u202e\u2066\u2069'];

  it.each(invisibleOnly.map((value) => [JSON.stringify(value), value]))(
    'counts %s as missing in a required field and as null in an optional one',
    (_shown, value) => {
      expect(messageOf(requiredText(100), value)).toBe('Required');
      expect(v.parse(optionalText(100), value)).toBeNull();
      expect(verdicts(requiredText(100), value).document).toBe(false);
    },
  );

  it('answers 400 Required for a first name of zero-width spaces and stores blank notes as null', async () => {
    const blankName = await api.request('POST', '/api/contacts', { body: newContact({ firstName: '\u200b\u200b' }) });
    const blankNotes = await api.request('POST', '/api/contacts', { body: newContact({ notes: '\u200d \ufeff' }) });

    expect(blankName.status).toBe(400);
    expect(blankName.body.errors).toEqual([{ path: 'firstName', message: 'Required' }]);
    expect(blankNotes.status).toBe(201);
    expect(blankNotes.body.notes).toBeNull();
  });

  it('keeps visible text that carries invisible characters inside, as emoji sequences and Persian words do', () => {
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    const persian = 'می\u200cخواهم';

    expect(v.parse(requiredText(100), family)).toBe(family);
    expect(v.parse(printedName(100), persian)).toBe(persian);
  });

  it('refuses control characters in a line of text, tabs and line breaks included', () => {
    for (const value of ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\nb', 'a\tb']) {
      expect(messageOf(requiredText(100), value)).toBe('Must not contain control characters or line breaks');
      expect(verdicts(requiredText(100), value)).toEqual({ document: false, server: false });
    }
  });

  it('keeps line breaks and tabs in multi-line text, a carriage return only before a line feed', () => {
    const notes = ContactInput.entries.notes;
    const message = 'Must not contain control characters other than line breaks and tabs';

    expect(v.parse(notes, 'Line one\n\tLine two\r\nLine three')).toBe('Line one\n\tLine two\r\nLine three');
    expect(messageOf(notes, 'a\rb')).toBe(message);
    expect(messageOf(notes, 'a\u0000b')).toBe(message);
    expect(verdicts(notes, 'a\r\nb')).toEqual({ document: true, server: true });
    expect(verdicts(notes, 'a\u0001b')).toEqual({ document: false, server: false });
  });

  it('stores notes over several lines and refuses a bell in them', async () => {
    const lines = await api.request('POST', '/api/contacts', {
      body: newContact({ notes: 'Knee injury.\n\tNo jumps.' }),
    });
    const bell = await api.request('POST', '/api/contacts', { body: newContact({ notes: 'Ring\u0007' }) });

    expect(lines.status).toBe(201);
    expect(lines.body.notes).toBe('Knee injury.\n\tNo jumps.');
    expect(bell.status).toBe(400);
    expect(bell.body.errors).toEqual([
      { path: 'notes', message: 'Must not contain control characters other than line breaks and tabs' },
    ]);
  });
});

describe('printed names refuse bidi overrides and isolates', () => {
  const spoofing = [
    'Erika \u202eannamretsuM',
    '\u202aErika',
    'Erika\u202c',
    '\u2066Erika\u2069',
    '\u2067Max\u2069',
    'A\u2068B',
  ];

  it.each(spoofing.map((value) => [JSON.stringify(value), value]))('refuses %s in a name', (_shown, value) => {
    expect(messageOf(printedName(200), value)).toBe('Must not contain bidirectional controls or invisible spaces');
    expect(verdicts(printedName(200), value)).toEqual({ document: false, server: false });
  });

  it('takes names in right-to-left scripts, which need no override', () => {
    for (const name of ['שרה', 'فاطمة', 'Anna-Lena', "O'Brien", 'Zoë Ǆurić']) {
      expect(verdicts(printedName(200), name)).toEqual({ document: true, server: true });
    }
  });

  it('answers 400 for a right-to-left override in a last name and stores nothing', async () => {
    const lastName = `${unique('Spoof')}\u202egnp.exe`;

    const response = await api.request('POST', '/api/contacts', { body: newContact({ lastName }) });

    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'lastName', message: 'Must not contain bidirectional controls or invisible spaces' },
    ]);
  });

  it('lets other text keep them: an isolate is how a note quotes a right-to-left name correctly', () => {
    expect(v.parse(optionalText(100), 'Called \u2067שרה\u2069 back')).toBe('Called \u2067שרה\u2069 back');
  });
});

describe('email addresses', () => {
  const email = emailAddress();
  const ajvEmail = (address: string) => (fullFormats.email as RegExp).test(address);

  const accepted = [
    'anna.schmidt@example.com',
    "o'brien@example.com",
    'a+tag@example.com',
    'first.last+studio-news@mail.example.co.uk',
    "!#$%&'*+/=?^_`{|}~-@example.org",
    'UPPER@EXAMPLE.COM',
    'x@a-b.example',
    'digits123@123.example',
    `${'l'.repeat(64)}@example.com`,
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.de`,
    'anna@xn--mnchen-3ya.de',
  ];
  const refused = [
    'plainaddress',
    '@example.com',
    'anna@',
    'anna@localhost',
    'anna@example',
    'anna@example.123',
    '.anna@example.com',
    'anna.@example.com',
    'an..na@example.com',
    'anna@-example.com',
    'anna@example-.com',
    'anna@exa_mple.com',
    'an na@example.com',
    '"anna"@example.com',
    'anna@[192.0.2.1]',
    'anna@example.com.',
    'anna@@example.com',
    'jörg@example.com',
    'anna@münchen.de',
    `${'l'.repeat(65)}@example.com`,
    `anna@${'b'.repeat(64)}.com`,
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.de`,
  ];

  it('checks the lengths of the cases it is tested with', () => {
    expect(accepted[9]).toHaveLength(254);
    expect(refused.at(-1)).toHaveLength(255);
  });

  it.each(accepted)('accepts %s, and so do ajv-formats and the published schema', (address) => {
    expect(v.safeParse(email, address).success).toBe(true);
    expect(ajvEmail(address)).toBe(true);
    expect(verdicts(email, address).document).toBe(true);
  });

  it.each(refused)('refuses %s, and so does the published schema', (address) => {
    expect(verdicts(email, address)).toEqual({ document: false, server: false });
  });

  it('documents the address as format email with the length limits', () => {
    expect(toInlineSchema(email)).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
  });

  it('names the 64-character limit before the @ when that is what is wrong', () => {
    expect(messageOf(email, `${'l'.repeat(65)}@example.com`)).toBe('Must have at most 64 characters before the @');
    expect(messageOf(email, 'anna@localhost')).toBe('Must be a valid email address');
  });

  it("stores o'brien@… and a +tag address as sent", async () => {
    const irish = `o'brien.${unique('x')}@example.com`;
    const tagged = `anna+${unique('studio')}@example.com`;

    const first = await api.request('POST', '/api/contacts', { body: newContact({ email: irish }) });
    const second = await api.request('POST', '/api/contacts', { body: newContact({ email: tagged }) });

    expect(first.status).toBe(201);
    expect(first.body.email).toBe(irish);
    expect(second.status).toBe(201);
    expect(second.body.email).toBe(tagged);
  });
});

describe('media types', () => {
  it.each([
    'application/json',
    'Application/JSON; Charset=UTF-8',
    'application/json ; charset=utf-8',
    'application/json;charset="UTF-8"',
    'APPLICATION/JSON;\tcharset=utf8',
  ])('reads %s as JSON', async (contentType) => {
    const response = await api.request('POST', '/api/contacts', {
      rawBody: JSON.stringify(newContact()),
      headers: { 'content-type': contentType },
    });

    expect(response.status).toBe(201);
  });

  it.each([
    'application/merge-patch+json',
    'application/vnd.studio+json',
    'application/json; charset=iso-8859-1',
    'application/json; charset=utf-16',
    'application/jsonx',
    'text/json',
    'application/json; charset',
  ])('answers 415 for %s', async (contentType) => {
    const response = await api.request('POST', '/api/contacts', {
      rawBody: JSON.stringify(newContact()),
      headers: { 'content-type': contentType },
    });

    expect(response.status).toBe(415);
    expect(response.body.type).toBe('https://studio.example/problems/unsupported-media-type');
  });

  it('treats a missing Content-Type as not JSON', () => {
    expect(isJsonMediaType(undefined)).toBe(false);
    expect(isJsonMediaType('')).toBe(false);
  });

  it('answers 400 for a body that is not UTF-8, and stores nothing', async () => {
    const lastName = unique('Latin1');
    const latin1 = Buffer.concat([
      Buffer.from(`{"firstName":"J`),
      Buffer.from([0xf6]), // "ö" in ISO 8859-1, a lone continuation byte in UTF-8
      Buffer.from(`rg","lastName":"${lastName}"}`),
    ]);

    const response = await api.request('POST', '/api/contacts', {
      rawBody: latin1,
      headers: { 'content-type': 'application/json' },
    });
    const search = await api.request('GET', `/api/contacts?search=${lastName}`);

    expect(response.status).toBe(400);
    expect(response.body.type).toBe('https://studio.example/problems/malformed-json');
    expect(search.body.items).toEqual([]);
  });

  // A create-contact event as API Gateway would pass it, for the cases no HTTP client can produce.
  const createContactEvent = () =>
    toApiGatewayEvent(
      {
        method: 'POST',
        url: '/api/contacts',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(0),
        sourceIp: '127.0.0.1',
      },
      { routeKey: 'POST /api/contacts', pathParameters: undefined },
      new Date(),
      { sub: 'user-1', 'cognito:groups': '[owner]' },
    );
  const createContact = async (event: APIGatewayProxyEventV2) =>
    (await loadHandler('functions/contacts/create.ts'))(event, lambdaContext('contacts-create', 'test-request'));

  it('answers 400, not 500, for a payload-format event of a POST whose body is null', async () => {
    const event = { ...createContactEvent(), body: null } as unknown as APIGatewayProxyEventV2;

    const result = await createContact(event);

    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body ?? '')).toMatchObject({ status: 400 });
  });

  it('reads a UTF-8 JSON body that arrives base64-encoded', async () => {
    const body = Buffer.from(JSON.stringify(newContact({ firstName: 'Jörg' }))).toString('base64');

    const result = await createContact({ ...createContactEvent(), body, isBase64Encoded: true });

    expect(result.statusCode).toBe(201);
    expect(JSON.parse(result.body ?? '').firstName).toBe('Jörg');
  });
});

describe('truncateUserAgent', () => {
  it('keeps a user agent of up to 512 characters as it is', () => {
    const browser =
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

    expect(truncateUserAgent(browser)).toBe(browser);
    expect(truncateUserAgent('u'.repeat(512))).toBe('u'.repeat(512));
  });

  it('keeps the first 512 code points of a 15,000-character one', () => {
    expect(truncateUserAgent('u'.repeat(15_000))).toBe('u'.repeat(512));
    expect(maxUserAgentLength).toBe(512);
  });

  it('never cuts a surrogate pair in half', () => {
    const truncated = truncateUserAgent(emoji.repeat(600));

    expect([...truncated]).toHaveLength(512);
    expect(truncated).toBe(emoji.repeat(512));
    expect(truncated.isWellFormed()).toBe(true);
    expect(truncateUserAgent(`${'u'.repeat(511)}${emoji}${emoji}`)).toBe(`${'u'.repeat(511)}${emoji}`);
  });
});
