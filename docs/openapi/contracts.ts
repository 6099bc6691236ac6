import { ContractListQuery } from '#shared/contracts/schema.ts';
import type { RouteName } from '#shared/routes.ts';
import { contractComponents as c } from './contract-components.ts';
import type { OperationDoc } from './operation-doc.ts';
import { listQueryDocs } from './shared-docs.ts';

const json = 'application/json';

/** The tag of the contracts area, with what integrators must know before they use it. */
export const contractsTag = {
  name: 'Verträge',
  description: [
    'Verträge zwischen einem Kontakt und dem Studio, digital unterschrieben (etwa auf einem Tablet).',
    'Der Inhalt eines Vertrags ändert sich nach der Erstellung nie: Kontakt und Leistungen werden bei der Erstellung kopiert, und der **Dokument-Hash** (`documentHash`, SHA-256 über das kanonische JSON des Inhalts) steht in jeder Antwort. Wer unterschreibt, sendet den Hash mit, den er gesehen hat; weicht er ab, wird die Unterschrift abgelehnt.',
    'Jede Unterschrift trägt ein **Siegel**: eine Signatur des Servers (ECDSA P-256 mit einem KMS-Schlüssel in AWS, Ed25519 lokal) über Vertrag, Angaben der Unterschrift und Hash des Bilds. Die **Prüfung** rechnet den Hash neu und prüft jedes Siegel und jedes Bild. Ein gültiges Siegel beweist, dass seit der Unterschrift nichts verändert wurde; wer den Stift hielt, beweist es nicht (einfache elektronische Signatur nach eIDAS).',
    'Mindestlaufzeit und Kündigungsfrist folgen **§ 309 Nr. 9 BGB** für Verbraucherverträge: anfängliche Laufzeit höchstens 24 Monate, Kündigungsfrist höchstens ein Monat. Die **Kündigung** ist aus `pending` und `signed` möglich und wird mit Zeitpunkt, Grund und Benutzer vermerkt.',
  ].join('\n\n'),
};

export const contractOperations = {
  'contracts-list': {
    summary: 'Verträge auflisten',
    description:
      'Verträge, neueste zuerst, seitenweise; wahlweise nur die eines Kontakts (`contactId`) und/oder eines Zustands (`status`). Jede Seite ist eine Abfrage auf einem Index, nie ein Scan.',
    query: {
      schema: ContractListQuery,
      fields: {
        ...listQueryDocs('de'),
        contactId: 'Nur Verträge dieses Kontakts.',
        status: 'Nur Verträge in diesem Zustand: `pending`, `signed` oder `cancelled`.',
      },
    },
    success: { status: 200, description: 'Eine Seite Verträge.', content: { [json]: c.ContractList } },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
  'contracts-create': {
    summary: 'Vertrag anlegen',
    description:
      'Legt einen Vertrag im Zustand `pending` an: Kontakt und Leistungen werden kopiert, die Summen je Abrechnungsintervall berechnet, die Vertragsnummer des Jahres lückenlos vergeben und der Dokument-Hash gebildet, alles in einer Transaktion. Unbekannter Kontakt, unbekannte oder inaktive Leistung und gemischte Währungen ergeben 422. `Location` nennt den neuen Vertrag.',
    body: c.ContractInput,
    success: {
      status: 201,
      description: 'Der neue Vertrag.',
      content: { [json]: c.Contract },
      headers: ['etag', 'location'],
    },
    problems: { 409: ['conflict'], 422: ['unprocessable'] },
  },
  'contracts-get': {
    summary: 'Vertrag abrufen',
    description: 'Ein Vertrag mit seinen Unterschriften.',
    success: { status: 200, description: 'Der Vertrag.', content: { [json]: c.Contract }, headers: ['etag'] },
  },
  'contracts-sign': {
    summary: 'Vertrag unterschreiben',
    description:
      'Fügt die Unterschrift einer Rolle hinzu (höchstens eine je Rolle). Der mitgesendete Dokument-Hash muss dem des Vertrags entsprechen: Unterschrieben wird genau, was angezeigt wurde. Der Server speichert das Bild, vermerkt Zeitpunkt, IP-Adresse und User-Agent und versiegelt die Unterschrift. Hat der Kunde unterschrieben (und das Studio, falls verlangt), wird der Vertrag `signed`. Ein gekündigter Vertrag kann nicht unterschrieben werden (409).',
    body: c.SignatureInput,
    success: {
      status: 201,
      description: 'Der Vertrag mit der neuen Unterschrift.',
      content: { [json]: c.Contract },
      headers: ['etag'],
    },
    problems: { 409: ['conflict'] },
  },
  'contracts-verify': {
    summary: 'Vertrag prüfen',
    description:
      'Berechnet den Dokument-Hash aus dem gespeicherten Inhalt neu und prüft jedes Siegel und jedes gespeicherte Unterschriftsbild. `valid` ist false, wenn etwas, das Hash oder Siegel abdecken, an der API vorbei geändert wurde.',
    success: { status: 200, description: 'Das Prüfergebnis.', content: { [json]: c.Verification } },
  },
  'contracts-cancel': {
    summary: 'Vertrag kündigen',
    description:
      'Kündigt einen Vertrag im Zustand `pending` oder `signed`; vermerkt Zeitpunkt, Grund und Benutzer. Ein bereits gekündigter Vertrag ergibt 409. Nur für Inhaber (`owner`).',
    body: c.CancellationInput,
    success: {
      status: 200,
      description: 'Der gekündigte Vertrag.',
      content: { [json]: c.Contract },
      headers: ['etag'],
    },
    problems: { 409: ['conflict'] },
  },
} satisfies Partial<Record<RouteName, OperationDoc>>;
