import type { Language } from '#shared/http/problem.ts';
import { defaultPageSize, maxPageSize } from '#shared/schema/list-query.ts';
import type { Component } from './components.ts';

/** The server's fields of a contact or a service. */
export const recordDocs = (noun: string) =>
  ({
    id: `The ${noun}’s id, a ULID assigned by the server; ids sort by creation.`,
    createdAt: 'When the record was created: RFC 3339 UTC with milliseconds.',
    createdBy: 'The `sub` of the user who created the record; null on records written before sign-in existed.',
    updatedAt: 'When the record last changed: RFC 3339 UTC with milliseconds.',
    updatedBy: 'The `sub` of the user who made the latest change; null on records written before sign-in existed.',
    version: '1 on create, +1 on each change; the `ETag` of the record.',
  }) as const;

/** `limit` and `cursor`, the parameters of every list. */
export const listQueryDocs = (language: Language): { limit: string; cursor: string } =>
  language === 'de'
    ? {
        limit: `Einträge je Seite, eine ganze Zahl von 1 bis ${maxPageSize}; ohne Angabe ${defaultPageSize}.`,
        cursor:
          '`nextCursor` der vorigen Seite, unverändert. Ein manipulierter oder fremder Cursor ergibt 400. Unbekannte Abfrageparameter ergeben 400.',
      }
    : {
        limit: `Items per page, a whole number from 1 to ${maxPageSize}; ${defaultPageSize} when absent.`,
        cursor:
          'The previous page’s `nextCursor`, unchanged. A tampered or foreign cursor is a 400. Unknown query parameters are a 400.',
      };

/** `nextCursor` of every list page. */
export const nextCursorDocs = (language: Language): string =>
  language === 'de'
    ? 'Cursor der nächsten Seite, oder null auf der letzten. Wer ihm bis zum Ende folgt, erhält jeden passenden Eintrag genau einmal.'
    : 'The cursor of the next page, or null on the last one. Following it to the end returns every matching record exactly once.';

/** The envelope of every list page, its items pointing to the record component. */
export const pageDocs = (language: Language, item: Component) =>
  language === 'de'
    ? { items: { text: 'Die Einträge dieser Seite.', ref: item.documented }, nextCursor: nextCursorDocs(language) }
    : { items: { text: 'The records of this page.', ref: item.documented }, nextCursor: nextCursorDocs(language) };
