import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AreaDefinition, areas as areaList } from '#shared/areas.ts';
import { newId } from '#shared/http/ids.ts';
import { de } from '#shared/messages/de.ts';
import { en } from '#shared/messages/en.ts';
import { isMessageKey } from '#shared/messages/index.ts';
import { repositoryRoot } from '../../infra/local/handler-loader.ts';
import { type ApiResponse, unique, useApi } from '../support/api.ts';
import { findResponseLiterals } from '../support/response-literals.ts';
import { useStudioProfile } from '../support/studio.ts';

const api = useApi();
// Contracts name the studio as a party: none can be created before its profile exists.
useStudioProfile(api);

// A small heuristic, good enough to tell the two languages of our texts apart: English words that no
// German text of ours uses, and signs of German that no English text of ours shows.
const englishWords =
  /\b(Required|Must|must|field|fields|invalid|Invalid|request|Request|body|the|is|are|not|Not|be|no|No|has|for|with|Unknown|Use|Send)\b/;
const germanSigns =
  /[äöüßÄÖÜ]|\b(der|Der|die|Die|das|Das|den|dem|ein|Ein|eine|Eine|einem|diese|ist|sind|wird|hat|nicht|kein|keine|Kein|Keine|noch|bereits|Bereits|von|im|zu|Zu|für|Für|oder|Sie|Ihre|Muss|muss|Darf|darf|Feld|Felder|Pflichtfeld|Body|Anfrage|Vertrag|Kontakt|Leistung|Ressource|Interner|Unbekannte[rs]?)\b/;

const isGerman = (text: string) => !englishWords.test(text) && germanSigns.test(text);
const isEnglish = (text: string) => englishWords.test(text) && !germanSigns.test(text);

/** Every text a problem response carries: its title, its detail and each field's message. */
const textsOf = (response: ApiResponse): string[] => [
  response.body.title,
  response.body.detail,
  ...(response.body.errors ?? []).map((error: { message: string }) => error.message),
];

const expectLanguage = (response: ApiResponse, language: 'de' | 'en') => {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const texts = textsOf(response);
  expect(texts.every((text) => typeof text === 'string' && text.length > 0)).toBe(true);
  const wrong = texts.filter((text) => !(language === 'de' ? isGerman(text) : isEnglish(text)));
  expect(wrong, `texts not in ${language}`).toEqual([]);
};

/** A catalogue entry's text; parameters get a value that every entry can print. */
const sampleTextOf = (entry: string | ((...params: never[]) => string)): string =>
  typeof entry === 'string' ? entry : entry(...(Array.from({ length: entry.length }, () => ['7']) as never[]));

type Catalogue = Readonly<Record<string, string | ((...params: never[]) => string)>>;

const expectSameKeysAndParameters = (english: Catalogue, german: Catalogue, where: string) => {
  expect(Object.keys(german).sort(), where).toEqual(Object.keys(english).sort());
  for (const [key, entry] of Object.entries(english)) {
    const entryDe = german[key];
    expect(typeof entryDe, `${where}: ${key}`).toBe(typeof entry);
    if (typeof entry === 'function')
      expect((entryDe as (...params: never[]) => string).length, `${where}: ${key}`).toBe(entry.length);
  }
};

const expectWritten = (english: Catalogue, german: Catalogue, where: string) => {
  for (const [key, entry] of Object.entries(english))
    expect(sampleTextOf(entry).trim(), `${where}: ${key}`).not.toBe('');
  const notGerman = Object.entries(german).filter(([, entry]) => !isGerman(sampleTextOf(entry)));
  expect(
    notGerman.map(([key]) => key),
    `${where}: German texts that do not read as German`,
  ).toEqual([]);
};

const declared = areaList as readonly AreaDefinition[];
const sharedFolders = readdirSync(join(repositoryRoot, 'shared'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'messages')
  .map((entry) => entry.name);
const hasTexts = (folder: string) => existsSync(join(repositoryRoot, 'shared', folder, 'texts.ts'));
// The areas' in the order of the list of areas, then those of the shared modules that are no area (signatures).
const foldersWithTexts = [
  ...declared.map((area) => area.name).filter(hasTexts),
  ...sharedFolders.filter((folder) => hasTexts(folder) && !declared.some((area) => area.name === folder)),
];

describe('the message catalogues', () => {
  it('have the same keys in English and German, each entry with the same parameters', () => {
    expectSameKeysAndParameters(en, de, 'shared/messages');
  });

  it('have no empty text, and every German text reads as German', () => {
    expectWritten(en, de, 'shared/messages');
  });

  it('hold every response text: no literal detail, field message or validation message in shared/ or functions/', () => {
    const literals = findResponseLiterals().map(({ where, text }) => `${where}  ${text}`);

    expect(
      literals,
      'move these texts into the catalogues: shared/messages/ (common ones) or shared/<area>/texts.ts',
    ).toEqual([]);
  }, 120_000);
});

describe("an area's own texts", () => {
  it.each(sharedFolders)('%s: keeps them in its texts.ts, where the checks below find them', (folder) => {
    const files = readdirSync(join(repositoryRoot, 'shared', folder), { recursive: true, encoding: 'utf8' });
    const callers = files.filter(
      (file) =>
        file.endsWith('.ts') &&
        /\bareaTexts\(/.test(readFileSync(join(repositoryRoot, 'shared', folder, file), 'utf8')),
    );
    expect(callers, `${folder}: its areaTexts(…) belongs in shared/${folder}/texts.ts`).toEqual(
      callers.length ? ['texts.ts'] : [],
    );
  });

  it.each(foldersWithTexts)(
    '%s: the same keys in English and German, none empty, each German text reads as German',
    async (folder) => {
      const file = `shared/${folder}/texts.ts`;
      const texts = (await import(`../../shared/${folder}/texts.ts`)) as { en?: Catalogue; de?: Catalogue };
      expect(texts.en, `${file} exports no \`en\` (its English texts)`).toBeTypeOf('object');
      expect(texts.de, `${file} exports no \`de\` (its German texts)`).toBeTypeOf('object');
      expectSameKeysAndParameters(texts.en ?? {}, texts.de ?? {}, file);
      expectWritten(texts.en ?? {}, texts.de ?? {}, file);
      // A sub-domain's catalogue beside the area's (`amendmentEn`, `amendmentDe`) is held to the same rules.
      const exported = texts as unknown as Record<string, Catalogue>;
      for (const name of Object.keys(exported).filter((key) => /^[a-z]\w*En$/.test(key))) {
        const german = exported[`${name.slice(0, -2)}De`];
        expect(german, `${file} exports ${name} without its German ${name.slice(0, -2)}De`).toBeTypeOf('object');
        expectSameKeysAndParameters(exported[name] ?? {}, german ?? {}, `${file} ${name}`);
        expectWritten(exported[name] ?? {}, german ?? {}, `${file} ${name}`);
      }
    },
  );

  it.each(declared.map((area) => [area.name, area] as const))(
    '%s: its not-found texts and problem titles are written in both languages, its codes and entities its own',
    (name, area) => {
      const written = [
        ...Object.entries(area.entities).map(([entity, text]) => [`entities.${entity}`, text] as const),
        ...Object.entries(area.problemTypes ?? {}).map(([code, { title }]) => [`problemTypes.${code}`, title] as const),
      ];
      for (const [what, text] of written) {
        expect(text.en.trim(), `${name}: ${what}.en`).not.toBe('');
        expect(isGerman(text.de), `${name}: ${what}.de reads as German`).toBe(true);
      }
      for (const code of Object.keys(area.problemTypes ?? {})) {
        expect(isMessageKey(`title.${code}`), `${name}: ${code} is a common problem code`).toBe(false);
        const others = declared.filter((other) => other !== area && Object.hasOwn(other.problemTypes ?? {}, code));
        expect(
          others.map((other) => other.name),
          `${name}: ${code} is declared by another area too`,
        ).toEqual([]);
      }
      for (const entity of Object.keys(area.entities)) {
        const others = declared.filter((other) => other !== area && Object.hasOwn(other.entities, entity));
        expect(
          others.map((other) => other.name),
          `${name}: ${entity} is named by another area too`,
        ).toEqual([]);
      }
    },
  );
});

const createContact = async () => {
  const response = await api.request('POST', '/api/contacts', {
    body: { firstName: 'Änne', lastName: unique('Groß'), email: `${unique('aenne')}@example.com` },
  });
  expect(response.status).toBe(201);
  return response.body;
};

const createService = async () => {
  const response = await api.request('POST', '/api/services', {
    body: { name: unique('Pilates '), price: { amount: 5900, currency: 'EUR' }, billingInterval: 'month' },
  });
  expect(response.status).toBe(201);
  return response.body;
};

/** What differs between the two areas; every request below is the same kind of mistake in both. */
const areas = {
  contracts: {
    language: 'de',
    path: '/api/contracts',
    invalidBody: {
      items: [],
      startDate: '2026-02-30',
      terms: 'x'.repeat(20_001),
      noticePeriod: 'ein Monat',
      nickname: 'Eri',
    },
    validBody: async () => {
      const [contact, service] = await Promise.all([createContact(), createService()]);
      return { contactId: contact.id, items: [{ serviceId: service.id }], startDate: '2026-12-01' };
    },
    ownerOnly: (id: string) => ['POST', `/api/contracts/${id}/cancellation`, { reason: 'Umzug' }] as const,
  },
  contacts: {
    language: 'en',
    path: '/api/contacts',
    invalidBody: {
      lastName: 'x'.repeat(101),
      dateOfBirth: '2026-02-30',
      notes: 'x'.repeat(5001),
      address: 'Berlin',
      nickname: 'Eri',
    },
    validBody: async () => ({ firstName: 'Ada', lastName: unique('Lovelace') }),
    ownerOnly: (id: string) => ['DELETE', `/api/contacts/${id}`, undefined] as const,
  },
} as const;

for (const [area, { language, path, invalidBody, validBody, ownerOnly }] of Object.entries(areas)) {
  describe(`every problem of a ${area} route is ${language === 'de' ? 'German' : 'English'}`, () => {
    it('a 400 for an invalid body: title, detail and every field message', async () => {
      const response = await api.request('POST', path, { body: invalidBody });

      expect(response.status).toBe(400);
      expect(response.body.errors.length).toBeGreaterThanOrEqual(5);
      expectLanguage(response, language);
    });

    it('a 400 for an invalid query', async () => {
      const response = await api.request('GET', `${path}?limit=0&sort=name`);

      expect(response.status).toBe(400);
      expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(['limit', 'sort']);
      expectLanguage(response, language);
    });

    it('a 400 for a body that is not JSON and for an invalid Idempotency-Key', async () => {
      const malformed = await api.request('POST', path, {
        rawBody: '{"items": ',
        headers: { 'content-type': 'application/json' },
      });
      const empty = await api.request('POST', path, { headers: { 'content-type': 'application/json' } });
      const longKey = await api.request('POST', path, {
        body: await validBody(),
        headers: { 'idempotency-key': 'k'.repeat(256) },
      });

      for (const response of [malformed, empty, longKey]) {
        expect(response.status).toBe(400);
        expectLanguage(response, language);
      }
      expect(longKey.body.errors).toHaveLength(1);
    });

    it('a 415 for a body that is not application/json', async () => {
      const response = await api.request('POST', path, {
        rawBody: 'hello',
        headers: { 'content-type': 'text/plain' },
      });

      expect(response.status).toBe(415);
      expectLanguage(response, language);
    });

    it('a 413 for a body over 1 MiB', async () => {
      const response = await api.request('POST', path, { body: { notes: 'x'.repeat(1024 * 1024) } });

      expect(response.status).toBe(413);
      expectLanguage(response, language);
    });

    it('a 404 for a malformed id and for an unknown one', async () => {
      const malformed = await api.request('GET', `${path}/not-an-id`);
      const unknown = await api.request('GET', `${path}/${newId()}`);

      for (const response of [malformed, unknown]) {
        expect(response.status).toBe(404);
        expectLanguage(response, language);
      }
    });

    it('a 403 for a route the caller’s role may not use', async () => {
      const [method, routePath, body] = ownerOnly(newId());

      const response = await api.request(method, routePath, { as: 'staff', ...(body ? { body } : {}) });

      expect(response.status).toBe(403);
      expectLanguage(response, language);
    });

    it('a 422 for an Idempotency-Key used with another body', async () => {
      const key = unique('key-');
      const first = await api.request('POST', path, { body: await validBody(), headers: { 'idempotency-key': key } });
      expect(first.status).toBe(201);

      const reused = await api.request('POST', path, {
        body: await validBody(),
        headers: { 'idempotency-key': key },
      });

      expect(reused.status).toBe(422);
      expect(reused.body.type).toBe('https://studio.example/problems/idempotency-key-reused');
      expectLanguage(reused, language);
    });
  });
}

describe('the texts a client reads', () => {
  it('names each invalid field of a contract in German', async () => {
    const response = await api.request('POST', '/api/contracts', { body: areas.contracts.invalidBody });

    expect(response.body.title).toBe('Anfrage ist ungültig');
    expect(response.body.detail).toBe('6 Felder sind im Body ungültig');
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'contactId', message: 'Pflichtfeld' },
        { path: 'items', message: 'Mindestens eine Position' },
        { path: 'startDate', message: 'Muss ein echtes Kalenderdatum sein' },
        { path: 'terms', message: 'Höchstens 20000 Zeichen' },
        { path: 'noticePeriod', message: 'Muss ein JSON-Objekt sein' },
        { path: 'nickname', message: 'Unbekanntes Feld' },
      ]),
    );
  });

  it('names each invalid field of a contact in English', async () => {
    const response = await api.request('POST', '/api/contacts', { body: areas.contacts.invalidBody });

    expect(response.body.title).toBe('Request is invalid');
    expect(response.body.detail).toBe('6 fields are invalid in the request body');
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Required' },
        { path: 'lastName', message: 'Must be at most 100 characters' },
        { path: 'dateOfBirth', message: 'Must be a real calendar date' },
        { path: 'notes', message: 'Must be at most 5000 characters' },
        { path: 'address', message: 'Must be a JSON object' },
        { path: 'nickname', message: 'Unknown field' },
      ]),
    );
  });

  it('answers 413 and 415 on a contracts route with German words for the body', async () => {
    const tooLarge = await api.request('POST', '/api/contracts', { body: { terms: 'x'.repeat(1024 * 1024) } });
    const notJson = await api.request('POST', '/api/contracts', {
      rawBody: 'hello',
      headers: { 'content-type': 'text/plain' },
    });

    expect(tooLarge.body.title).toBe('Der Body ist zu groß');
    expect(notJson.body.title).toBe('Der Body muss application/json sein');
    expect(notJson.body.detail).toBe('Senden Sie den Body als application/json');
  });
});
