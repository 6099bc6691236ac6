import * as v from 'valibot';
import { amendmentComponents as a } from './amendment-components.ts';
import type { OperationDoc } from './operation-doc.ts';

// Die Routen der Änderungsvereinbarungen (docs/amendments.md), Teil des Vertragsbereichs.

const json = 'application/json';
const amendmentId = {
  amendmentId: { schema: v.pipe(v.string(), v.ulid()), text: 'Die ID der Änderungsvereinbarung.' },
};
const one = (status: 200 | 201, description: string) => ({
  status,
  description,
  content: { [json]: a.Amendment },
  headers: ['etag' as const],
});

export const amendmentOperations = {
  'contracts-offer-amendment': {
    summary: 'Vertrag – Änderung anbieten (Ruhezeit, Preis, Leistungen)',
    description:
      'Das Studio bietet eine Änderungsvereinbarung an, für einen unterschriebenen oder gekündigten Vertrag, der noch läuft (sonst 409). Sie gilt erst, wenn der Kunde sie unterschreibt; bis dahin ändert sie nichts. Nummer `<Vertragsnummer>-A<k>`. **Ruhezeit** (`pause`): `lastDay` 1 bis 366 Tage ab `effectiveFrom` (beide mitgezählt; sonst 400), `effectiveFrom` frühestens heute vor 30 Tagen und nie vor `startDate`; eine Überschneidung mit einer anderen angebotenen oder vereinbarten Ruhezeit ist 409 und nennt sie, ein Tag in einer bereits eingezogenen Fälligkeit ebenso (409, nennt die Fälligkeit); `extendsTerm` nur, wenn die Ruhezeit vor dem Ende der Mindestlaufzeit beginnt (sonst 400); `reasonText` ist bei `other` Pflicht. **Preis** (`price`) und **Leistungen** (`items`): `effectiveFrom` ist der erste Tag eines Abrechnungszeitraums jeder betroffenen Position nach heute (sonst 400 mit dem nächsten solchen Tag), `offerExpiresOn` höchstens `effectiveFrom` − 1 Tag (sonst 400); eine Leistung, die der Vertrag nicht hat, eine unbekannte, inaktive oder einmalige Leistung oder eine andere Währung ergeben 422. Zwei gleichzeitige Angebote werden nacheinander entschieden: von zwei überlappenden Ruhezeiten wird genau eine angelegt, die andere ist 409. Ereignis `amendment.offered` (`data.id` ist die ID der Änderung).',
    body: a.AmendmentInput,
    success: { ...one(201, 'Das Angebot.'), headers: ['etag', 'location'] },
    problems: { 409: ['conflict'], 422: ['unprocessable'] },
  },
  'contracts-list-amendments': {
    summary: 'Vertrag – Änderungsvereinbarungen auflisten',
    description:
      'Alle Änderungsvereinbarungen des Vertrags, neueste zuerst, jede mit ihrem Status von heute (ein nicht rechtzeitig unterschriebenes Angebot ist `expired`). Eine Abfrage auf dem Vertrag, nie ein Scan.',
    success: { status: 200, description: 'Die Änderungsvereinbarungen.', content: { [json]: a.AmendmentList } },
  },
  'contracts-get-amendment': {
    summary: 'Vertrag – eine Änderungsvereinbarung abrufen',
    description: 'Eine Änderungsvereinbarung mit ihrem Status von heute. Unbekannt oder nicht von diesem Vertrag: 404.',
    path: amendmentId,
    success: one(200, 'Die Änderungsvereinbarung.'),
  },
  'contracts-amendment-document': {
    summary: 'Vertrag – Änderungsvereinbarung als PDF',
    description: [
      'Die Änderungsvereinbarung als PDF auf Deutsch (A4), betitelt „Vereinbarung über eine Ruhezeit zum Vertrag <Nummer>“, „Preisänderung zum Vertrag <Nummer>“ oder „Änderung der Leistungen zum Vertrag <Nummer>“: beide Parteien, der Vertrag mit seinem Dokument-Hash, was sich ab wann ändert (eine Ruhezeit mit ihren Tagen, dem Grund als Bezeichnung – nie `reasonText`, nie eine Diagnose –, der Ruhezeitgebühr und ob sie die Mindestlaufzeit verlängert; eine Preisänderung je Position mit bisherigem und neuem Einzelpreis; eine Leistungsänderung mit den bisherigen und den neuen Positionen), das sich ergebende Ende der Mindestlaufzeit und die Beiträge ab dem Zeitraum, in dem die Änderung beginnt, und die Unterschrift des Kunden.',
      'Solange die Vereinbarung `offered` ist, ist die Antwort ein bei jedem Abruf neu erzeugter Entwurf, auf jeder Seite als „Entwurf – noch nicht vereinbart“ gekennzeichnet, ohne PDF-Signatur und nirgends gespeichert. Eine vereinbarte (`agreed`) bekommt ihr Original: einmal erzeugt, mit Prüfprotokoll (Änderungs-Hash; Zeit in UTC und Ortszeit, IP-Adresse, User-Agent, Bild-SHA-256, Siegel und Schlüssel-ID der Unterschrift) und PDF-Signatur (PAdES wie beim Vertrag), gespeichert als Dokument der Art `amendment` des Vertrags (siehe `GET /api/contracts/{id}/documents`, Aufbewahrung wie der Vertrag) und danach bei jedem Abruf Byte für Byte dasselbe, mit dem `ETag` `"sha256:<sha256>"`. Nach der Zustimmung geht es einmal per E-Mail mit dem PDF im Anhang an den Kunden (Textform, § 126b BGB). Eine abgelehnte, abgelaufene oder zurückgezogene Vereinbarung hat kein Dokument: 409.',
    ].join('\n\n'),
    path: amendmentId,
    success: {
      status: 200,
      description:
        'Das PDF, mit `Content-Disposition: attachment; filename="Aenderungsvereinbarung-<Nummer der Vereinbarung>.pdf"`.',
      content: { 'application/pdf': v.string() },
    },
    problems: { 409: ['conflict'] },
  },
  'contracts-sign-amendment': {
    summary: 'Vertrag – Änderungsvereinbarung unterschreiben',
    description:
      'Der Kunde stimmt zu, indem er unterschreibt; das Angebot des Studios ist dessen Zustimmung. Bildregeln, Nachweise und Siegel wie bei der Unterschrift unter den Vertrag; das Siegel deckt `{ contractId, amendmentId, amendmentHash, signerName, signedAt, ipAddress, userAgent, imageSha256 }`. Ein anderer `amendmentHash` ist 409; ein Angebot nach `offerExpiresOn` (Zeitzone des Studios) ist 409 und liest sich danach `expired`; ein bereits entschiedenes ebenso 409. Eine Ruhezeit wird beim Unterschreiben noch einmal gegen Überschneidungen und eingezogene Fälligkeiten geprüft. Die Vereinbarung wird `agreed`, und in derselben Transaktion erhält der Vertrag `pauses` und `amendments` (Version + 1). Ereignis `amendment.agreed`; danach wird ihr Dokument gespeichert und dem Kunden gemailt (`GET …/amendments/{amendmentId}/document`).',
    path: amendmentId,
    body: a.AmendmentSignatureInput,
    success: one(201, 'Die vereinbarte Änderung mit ihrer Unterschrift.'),
    problems: { 409: ['conflict'] },
  },
  'contracts-decline-amendment': {
    summary: 'Vertrag – Änderungsangebot ablehnen',
    description:
      'Der Kunde lehnt ab (das Personal vermerkt es): Die Vereinbarung wird `declined`, sonst ändert sich nichts, und die Ablehnung blockiert nichts anderes. Nur ein offenes Angebot (sonst 409). Ereignis `amendment.declined`.',
    path: amendmentId,
    body: a.DeclineInput,
    success: one(200, 'Die abgelehnte Änderung.'),
    problems: { 409: ['conflict'] },
  },
  'contracts-cancel-amendment': {
    summary: 'Vertrag – Änderungsangebot zurückziehen',
    description:
      'Das Studio zieht ein offenes Angebot mit Grund zurück: `cancelled`. Ein entschiedenes oder abgelaufenes ist 409. Ereignis `amendment.cancelled`.',
    path: amendmentId,
    body: a.AmendmentCancellationInput,
    success: one(200, 'Die zurückgezogene Änderung.'),
    problems: { 409: ['conflict'] },
  },
  'contracts-end-pause-early': {
    summary: 'Vertrag – Ruhezeit vorzeitig beenden',
    description:
      'Beendet eine vereinbarte Ruhezeit auf Wunsch des Kunden früher: `lastDay` frühestens gestern und vor dem bisherigen letzten Tag (sonst 400). Ab dem Tag danach sind Beiträge wieder fällig; eine Verlängerung der Mindestlaufzeit schrumpft auf die tatsächlich ruhenden Tage. Der unterschriebene `lastDay` bleibt, das Ende steht in `endedEarly`. Keine Ruhezeit oder nicht vereinbart: 409. Ereignis `pause.ended-early`.',
    path: amendmentId,
    body: a.EarlyEndInput,
    success: one(200, 'Die Ruhezeit mit ihrem vorzeitigen Ende.'),
    problems: { 409: ['conflict'] },
  },
} satisfies Record<string, OperationDoc>;
