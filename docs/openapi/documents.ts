import * as v from 'valibot';
import { StoredDocumentList, StoredDocumentRecord } from '#shared/documents/schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { component } from './components.ts';
import type { OperationDoc } from './operation-doc.ts';

// Die gespeicherten Dokumente eines Vertrags (docs/documents.md): deutsch dokumentiert wie der ganze Vertragsbereich.

const json = 'application/json';

const originalBeispiel = {
  id: '01JD5C0D3E6F9G2H5J8K1M4N7P',
  kind: 'signed_original',
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  size: 48213,
  retainUntil: '2035-01-01T00:00:00.000Z',
  createdAt: '2026-11-22T10:30:02.000Z',
  mandateReference: '2026-000001-1',
  reminderNumber: null,
  amendmentNumber: null,
} as const;

const mandatBeispiel = {
  id: '01JD5C0D3E6F9G2H5J8K1M4N7Q',
  kind: 'mandate',
  sha256: '60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752',
  size: 31877,
  retainUntil: '2035-01-01T00:00:00.000Z',
  createdAt: '2026-11-23T09:12:44.000Z',
  mandateReference: '2026-000002-1',
  reminderNumber: null,
  amendmentNumber: null,
} as const;

const mahnungBeispiel = {
  id: '01JD5C0D3E6F9G2H5J8K1M4N7R',
  kind: 'reminder',
  sha256: '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
  size: 28410,
  retainUntil: '2035-01-01T00:00:00.000Z',
  createdAt: '2027-02-08T09:00:05.000Z',
  mandateReference: null,
  reminderNumber: 2,
  amendmentNumber: null,
} as const;

const StoredDocument = component(
  StoredDocumentRecord,
  'StoredDocument',
  {
    id: 'ID des gespeicherten Dokuments, eine ULID.',
    kind: 'Art des Dokuments: `signed_original` (das unterschriebene Original), `mandate` (SEPA-Mandat), `termination_confirmation` (Kündigungsbestätigung) `withdrawal_confirmation` (Widerrufsbestätigung), `reminder` (Zahlungserinnerung oder Mahnung) oder `amendment` (eine vereinbarte Änderungsvereinbarung: Ruhezeit, Preis- oder Leistungsänderung, mit Unterschrift und Prüfprotokoll). Je Vertrag höchstens ein Dokument jeder Art, nur `mandate` je Mandat, `reminder` je Mahnung und `amendment` je vereinbarter Änderung: ein SEPA-Mandat, das erst nach dem gespeicherten Original unterschrieben wurde, bekommt ein eigenes Dokument (Mandatsseite mit Unterschrift und Prüfprotokoll).',
    sha256:
      'SHA-256 der gespeicherten Bytes (hexadezimal, Kleinbuchstaben). Jeder Abruf wird daran geprüft; das `ETag` des Abrufs ist `"sha256:<sha256>"`.',
    size: 'Größe der Datei in Bytes.',
    retainUntil:
      'Bis dahin wird die Datei unverändert aufbewahrt und kann nicht gelöscht werden (RFC 3339, UTC): mindestens bis zum Ende des achten Kalenderjahres nach dem Jahr der Unterschrift (§ 147 Abs. 3 AO, § 257 Abs. 4 HGB).',
    createdAt: 'Wann die Datei gespeichert wurde (RFC 3339, UTC).',
    mandateReference:
      'Die Mandatsreferenz des SEPA-Mandats, dessen Unterschrift dieses Dokument zeigt: beim Original das darin unterschrieben enthaltene Mandat (`null`: keines), bei `mandate` sein Mandat. Bei allen anderen Arten `null`. Die Unterschrift eines Mandats steht in genau einem Dokument des Vertrags.',
    reminderNumber:
      'Bei `reminder` die Nummer der Zahlungserinnerung oder Mahnung (1 für die erste des Vertrags, über alle Mahnläufe gezählt); bei allen anderen Arten `null`. Der Download heißt `Mahnung-<Vertragsnummer>-<Nummer>.pdf`.',
    amendmentNumber:
      'Bei `amendment` die Nummer der vereinbarten Änderung (`<Vertragsnummer>-A<k>`); bei allen anderen Arten `null`. Der Download heißt `Aenderungsvereinbarung-<Nummer>.pdf`.',
  },
  {
    text: 'Ein gespeichertes Dokument eines Vertrags: einmal erzeugt, danach Byte für Byte unverändert.',
    examples: [originalBeispiel, mandatBeispiel, mahnungBeispiel],
  },
);

const StoredDocumentListComponent = component(
  StoredDocumentList,
  'StoredDocumentList',
  { items: { text: 'Die gespeicherten Dokumente des Vertrags, älteste zuerst.', ref: StoredDocument.documented } },
  { text: 'Die gespeicherten Dokumente eines Vertrags.', examples: [{ items: [originalBeispiel] }] },
);

const documentOperations = {
  'documents-list': {
    summary: 'Vertrag – gespeicherte Dokumente auflisten',
    description:
      'Jedes gespeicherte Dokument des Vertrags mit SHA-256, Größe und Aufbewahrungsfrist. Das unterschriebene Original erscheint, sobald es einmal erzeugt wurde (spätestens beim ersten Abruf von `GET /api/contracts/{id}/document`); ein noch nicht unterschriebener Vertrag hat keine. Wird das SEPA-Mandat erst nach dem Original unterschrieben, erscheint danach ein Dokument `mandate` (erzeugt nach dem Ereignis `mandate.signed`, spätestens beim nächsten Abruf von `GET /api/contracts/{id}/document`). Eine vereinbarte Änderung erscheint als Dokument `amendment` (erzeugt nach dem Ereignis `amendment.agreed`, spätestens beim ersten Abruf von `GET /api/contracts/{id}/amendments/{amendmentId}/document`).',
    success: {
      status: 200,
      description: 'Die gespeicherten Dokumente.',
      content: { [json]: StoredDocumentListComponent },
    },
  },
  'documents-get': {
    summary: 'Vertrag – gespeichertes Dokument herunterladen',
    description:
      'Die gespeicherte Datei Byte für Byte, wie sie einmal erzeugt wurde, mit `Content-Disposition: attachment` und dem `ETag` `"sha256:<sha256>"`. Vor dem Senden wird sie an ihrem SHA-256 geprüft: Stimmt ein Byte nicht, ist die Antwort 500 und nie die veränderte Datei.',
    path: {
      documentId: {
        schema: v.pipe(v.string(), v.ulid()),
        text: 'Die ID des Dokuments aus der Liste der gespeicherten Dokumente.',
      },
    },
    success: {
      status: 200,
      description: 'Das PDF, z. B. mit `Content-Disposition: attachment; filename="Vertrag-<Nummer>.pdf"`.',
      content: { 'application/pdf': v.string() },
      headers: ['etag'],
    },
  },
} satisfies Record<RouteNameOf<'documents'>, OperationDoc>;

export const docs: AreaDocs = {
  operations: documentOperations,
  components: { StoredDocument, StoredDocumentList: StoredDocumentListComponent },
};
