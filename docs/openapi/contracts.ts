import * as v from 'valibot';
import { DuesQuery } from '#shared/contracts/dues/dues-schema.ts';
import { ContractListQuery } from '#shared/contracts/schema.ts';
import { TerminationPreviewQuery } from '#shared/contracts/termination/termination-schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { contractComponents as c } from './contract-components.ts';
import type { OperationDoc } from './operation-doc.ts';
import { listQueryDocs } from './shared-docs.ts';

const json = 'application/json';

/** §9's example table: every row is also a test (`test/contracts/termination.test.ts`, `test/contracts/dates.test.ts`). */
const beispieltabelle = [
  '| `startDate` | `minimumTermMonths` | Kündigungsfrist | Eingang | frühestes Ende |',
  '|---|---|---|---|---|',
  '| 2026-01-15 | 12 | 1 Monat | 2026-12-14 | 2027-01-14 (Ende der Mindestlaufzeit) |',
  '| 2026-01-15 | 12 | 1 Monat | 2026-12-15 | 2027-01-15 |',
  '| 2026-01-31 | 1 | 1 Monat | 2026-01-31 | 2026-02-28 |',
  '| 2024-02-29 | 12 | 2 Wochen | 2024-03-01 | 2025-02-28 |',
  '| 2026-03-01 | 0 | 14 Tage | 2026-05-20 | 2026-06-03 |',
  '| 2026-01-01 | 24 | 1 Monat | 2027-12-31 | 2028-01-31 |',
].join('\n');

const fristenregeln = [
  '**Laufzeit und Kündigung.** Alle Daten sind Kalendertage in der Zeitzone des Studios (`studio.timeZone`); Fristen werden gezählt, wie §§ 187, 188 BGB sie zählen:',
  '- **Ende der Mindestlaufzeit** (`minimumTermEndsOn`): Der Beginntag zählt mit (§ 187 Abs. 2 BGB), also endet die Laufzeit N Monate später mit dem Tag *vor* dem Tag, der dieselbe Zahl trägt wie der Beginn (§ 188 Abs. 2 BGB); fehlt dieser Tag im Monat, mit dem Monatsletzten (§ 188 Abs. 3 BGB). Beginn 2026-01-31, 12 Monate: Ende 2027-01-30.',
  '- **Kündigungsfrist**: Eine am Tag R eingegangene Kündigung mit der Frist n erreicht R + n Tage, Wochen oder Monate; der Eingangstag zählt nicht mit (§ 187 Abs. 1 BGB), ein fehlender Tag wird zum Monatsletzten.',
  '- **Frühestes Ende** bei `renewal: "indefinite"`: das spätere von Ende der Mindestlaufzeit und R + Frist, nie vor `startDate`. Nach der Mindestlaufzeit läuft der Vertrag auf unbestimmte Zeit weiter und endet jederzeit mit der Frist (§ 309 Nr. 9 Buchst. b BGB); eine stillschweigende Verlängerung um ein weiteres Jahr gibt es nicht. Bei `renewal: "none"` endet der Vertrag ohne Kündigung mit der Mindestlaufzeit.',
  '- **Grenzen**: anfängliche Laufzeit höchstens 24 Monate (§ 309 Nr. 9 Buchst. a BGB), Kündigungsfrist höchstens ein Monat (§ 309 Nr. 9 Buchst. c BGB): 28 Tage, 4 Wochen oder 1 Monat, denn 31 Tage wären vor dem 15. Mai länger als ein Monat.',
  '- **Außerordentliche Kündigung** aus wichtigem Grund ohne Frist (§ 314 BGB): mit Grund und selbst gewähltem Ende, nicht vor dem Eingang.',
].join('\n');

/** The tag of the contracts area, with what integrators must know before they use it. */
export const contractsTag = {
  name: 'Verträge',
  description: [
    'Verträge zwischen dem Studio (Studioprofil, siehe `PUT /api/studio`) und einem Kontakt, digital unterschrieben (etwa auf einem Tablet). Ohne Studioprofil kann kein Vertrag angelegt werden (422 `studio-profile-missing`).',
    'Der Inhalt eines Vertrags ändert sich nach der Erstellung nie: Studioprofil, Kontakt und Leistungen werden bei der Erstellung kopiert, und der **Dokument-Hash** (`documentHash`, SHA-256 über das kanonische JSON des Inhalts) steht in jeder Antwort. Wer unterschreibt, sendet den Hash mit, den er gesehen hat; weicht er ab, wird die Unterschrift abgelehnt.',
    'Jede Unterschrift trägt ein **Siegel**: eine Signatur des Servers (ECDSA P-256 mit einem KMS-Schlüssel in AWS, lokal mit einem lokalen Schlüssel) über Vertrag, Angaben der Unterschrift und Hash des Bilds. Die **Prüfung** rechnet den Hash neu und prüft jedes Siegel und jedes Bild. Ein gültiges Siegel beweist, dass seit der Unterschrift nichts verändert wurde; wer den Stift hielt, beweist es nicht (einfache elektronische Signatur nach eIDAS).',
    '**Stornierung und Kündigung.** Ein noch nicht unterschriebenes Angebot (`pending`) wird *storniert* (`POST …/cancellation`, nur Inhaber). Ein unterschriebener Vertrag (`signed`) wird *gekündigt* (`POST …/termination`, Personal und Inhaber): Die Kündigung geht an einem Tag ein, und der Vertrag endet an einem späteren, den das Gesetz bestimmt. Bis dahin ist er `terminated` und läuft weiter; der Inhaber kann die Kündigung bis zum Tag vor ihrem Ende zurücknehmen (`DELETE …/termination`). Jede Vertragsantwort zeigt die berechneten Daten `minimumTermEndsOn`, `endsOn` und `earliestEndOn`.',
    fristenregeln,
    `Beispiele (jede Zeile ist ein Test):\n\n${beispieltabelle}`,
  ].join('\n\n'),
};

export const contractOperations = {
  'contracts-get-mandate': {
    summary: 'Vertrag – sein SEPA-Mandat abrufen',
    description:
      'Das aktuelle SEPA-Lastschriftmandat des Vertrags (das neueste) mit dem Mandatstext, den der Kontoinhaber unterschreibt: derselbe Text wie auf der Unterschriftsseite und in der PDF-Kopie. Ein Vertrag ohne Lastschrift hat keines (404).',
    success: { status: 200, description: 'Das Mandat mit seinem Text.', content: { [json]: c.MandateWithText } },
  },
  'contracts-revoke-mandate': {
    summary: 'Vertrag – sein SEPA-Mandat widerrufen',
    description:
      'Vermerkt den Widerruf des aktuellen SEPA-Mandats (`pending` oder `active`) durch den Kontoinhaber: Es wird `revoked` mit `revokedAt`, `revokedOn` und `revocationReason`, und keine Lastschrift wird mehr darauf eingezogen. Der Vertrag selbst bleibt, wie er ist. Ein bereits widerrufenes oder ersetztes Mandat ergibt 409, ein Vertrag ohne Mandat 404. Ein Ereignis `mandate.revoked` kündigt den Widerruf an (`data.id` ist die ID des Vertrags). Nur Inhaber.',
    body: c.MandateRevocationInput,
    success: {
      status: 200,
      description: 'Das widerrufene Mandat mit seinem Text.',
      content: { [json]: c.MandateWithText },
    },
    problems: { 409: ['conflict'] },
  },
  'contracts-add-mandate': {
    summary: 'Vertrag – neues SEPA-Mandat für ein neues Konto',
    description:
      'Legt für ein neues Konto ein neues SEPA-Mandat an (`pending`, die Mandatsreferenz zählt weiter: `<Vertragsnummer>-2`, `-3`, …; Gläubiger ist das Studio, wie es jetzt heißt). Es ist ab sofort das aktuelle Mandat (`GET /api/contracts/{id}/mandate`, dorthin zeigt `Location`). Das bisherige bleibt `active`, bis das neue unterschrieben ist, und wird dann `replaced`. Ein Vertrag ohne Lastschrift erhält so sein erstes Mandat (`-1`). Solange das aktuelle Mandat noch nicht unterschrieben ist (`pending`), ergibt ein weiteres 409: Es ist zuerst zu unterschreiben oder zu widerrufen. 409 auch für einen stornierten Vertrag; ohne die SEPA-Gläubigerdaten des Studios 422 `sepa-creditor-missing`, eine ungültige IBAN 400 mit `iban`.',
    body: c.NewMandateInput,
    success: {
      status: 201,
      description: 'Das neue Mandat mit seinem Text.',
      content: { [json]: c.MandateWithText },
      headers: ['location'],
    },
    problems: { 409: ['conflict'], 422: ['sepa-creditor-missing'] },
  },
  'contracts-sign-mandate': {
    summary: 'Vertrag – sein SEPA-Mandat unterschreiben',
    description:
      'Der Kontoinhaber unterschreibt das aktuelle SEPA-Mandat (`pending`), unabhängig vom Vertrag: Ein unterschriebener Vertrag kann auf sein Mandat warten und umgekehrt. Der mitgesendete `mandateHash` muss dem des Mandats entsprechen (sonst 409). Wie beim Vertrag prüft der Server das Bild, speichert es, vermerkt Zeitpunkt, IP-Adresse und User-Agent und versiegelt die Unterschrift über `{ contractId, mandateHash, signerName, signedAt, ipAddress, userAgent, imageSha256 }`. Das Mandat wird `active` mit `signature` und `signedAt`; ersetzt es ein älteres Mandat, wird dieses in derselben Transaktion `replaced`. Ein bereits unterschriebenes, widerrufenes oder ersetztes Mandat ergibt 409, ebenso ein stornierter Vertrag; ein Vertrag ohne Mandat 404. Ein Ereignis `mandate.signed` kündigt die Unterschrift an (`data.id` ist die ID des Vertrags).',
    body: c.MandateSignatureInput,
    success: {
      status: 201,
      description: 'Das unterschriebene Mandat mit seinem Text.',
      content: { [json]: c.MandateWithText },
    },
    problems: { 409: ['conflict'] },
  },
  'contracts-list-mandates': {
    summary: 'Vertrag – seine SEPA-Mandate auflisten',
    description:
      'Alle SEPA-Lastschriftmandate des Vertrags, ältestes zuerst (ein Ersatzmandat für ein neues Konto kommt hinzu, das alte bleibt mit seinem Status erhalten); eine leere Liste für einen Vertrag ohne Lastschrift.',
    success: { status: 200, description: 'Die Mandate des Vertrags.', content: { [json]: c.MandateList } },
  },
  'contracts-dues': {
    summary: 'Vertrag – seine Fälligkeiten auflisten',
    description:
      'Was der Vertrag wann fordert, aus dem Vertrag berechnet (gespeichert wird eine Fälligkeit erst, wenn ein Einzug sie enthält): Jede Position wird im Voraus je Abrechnungsintervall (`billingInterval`) fällig, am ersten Tag jedes Zeitraums; die Zeiträume beginnen mit `startDate` und werden gezählt wie §§ 187 Abs. 2, 188 Abs. 2, 3 BGB zählen (ab dem 31.01.: 31.01.–28.02., 01.03.–30.03., 31.03.–30.04. …). Positionen desselben Intervalls teilen sich eine Fälligkeit je Zeitraum; einmalige (`once`) sind am `startDate` voll fällig. Hat der Vertrag ein Ende (`endsOn`: Kündigung oder `renewal: "none"`), beginnt danach kein Zeitraum mehr, und der Zeitraum, in dem er endet, wird anteilig nach Tagen berechnet (kaufmännisch auf den Cent gerundet). Ein stornierter Vertrag hat keine Fälligkeiten, ein noch nicht unterschriebener (`pending`) zeigt die geplanten. Solange es keine Einzüge gibt, ist jede Fälligkeit `planned`, mit `collectionId`, `returnedOn` und `returnReason` null. Ändert nichts; eine Abfrage auf dem Vertrag, nie ein Scan.',
    query: {
      schema: DuesQuery,
      fields: {
        from: 'Erster Fälligkeitstag, der gezeigt wird (`YYYY-MM-DD`); ohne Angabe der Vertragsbeginn.',
        to: 'Letzter Fälligkeitstag, der gezeigt wird (`YYYY-MM-DD`); nicht vor `from` und höchstens 5 Jahre nach `from` (ohne `from`: nach heute), sonst 400. Ohne Angabe das Vertragsende, bei einem Vertrag ohne Ende ein Jahr nach heute in der Zeitzone des Studios (oder nach `from`, wenn das später ist).',
      },
    },
    success: { status: 200, description: 'Die Fälligkeiten im Zeitraum.', content: { [json]: c.DueList } },
    problems: { 400: ['validation-failed'] },
  },
  'contracts-list': {
    summary: 'Verträge auflisten',
    description:
      'Verträge, neueste zuerst, seitenweise; wahlweise nur die eines Kontakts (`contactId`) und/oder eines Zustands (`status`). Jede Seite ist eine Abfrage auf einem Index, nie ein Scan.',
    query: {
      schema: ContractListQuery,
      fields: {
        ...listQueryDocs('de'),
        contactId: 'Nur Verträge dieses Kontakts.',
        status: 'Nur Verträge in diesem Zustand: `pending`, `signed`, `cancelled`, `terminated` oder `withdrawn`.',
      },
    },
    success: { status: 200, description: 'Eine Seite Verträge.', content: { [json]: c.ContractList } },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
  'contracts-create': {
    summary: 'Vertrag anlegen',
    description:
      'Legt einen Vertrag im Zustand `pending` an: Studioprofil, Kontakt und Leistungen werden kopiert, die Summen je Abrechnungsintervall berechnet, die Vertragsnummer des Jahres (in der Zeitzone des Studios) lückenlos vergeben und der Dokument-Hash gebildet, alles in einer Transaktion. Ohne Studioprofil ergibt das 422 `studio-profile-missing` (vor allen anderen Prüfungen); unbekannter Kontakt, unbekannte oder inaktive Leistung und gemischte Währungen ergeben 422 `unprocessable`. `renewal: "none"` ohne Mindestlaufzeit und eine Kündigungsfrist über einem Monat ergeben 400. Mit `directDebit` entsteht in derselben Transaktion das erste SEPA-Lastschriftmandat (`mandate`, `pending`, Mandatsreferenz `<Vertragsnummer>-1`); ohne die SEPA-Gläubigerdaten des Studios ergibt das 422 `sepa-creditor-missing`, eine ungültige IBAN 400 mit `directDebit.iban`. `Location` nennt den neuen Vertrag.',
    body: c.ContractInput,
    success: {
      status: 201,
      description: 'Der neue Vertrag.',
      content: { [json]: c.Contract },
      headers: ['etag', 'location'],
    },
    problems: { 409: ['conflict'], 422: ['studio-profile-missing', 'sepa-creditor-missing', 'unprocessable'] },
  },
  'contracts-get': {
    summary: 'Vertrag abrufen',
    description:
      'Ein Vertrag mit seinen Unterschriften, seiner Kündigung, seinem aktuellen SEPA-Mandat (`mandate`) und den für heute (Zeitzone des Studios) berechneten Daten `minimumTermEndsOn`, `endsOn` und `earliestEndOn`.',
    success: { status: 200, description: 'Der Vertrag.', content: { [json]: c.Contract }, headers: ['etag'] },
  },
  'contracts-sign': {
    summary: 'Vertrag unterschreiben',
    description:
      'Fügt die Unterschrift einer Rolle hinzu (höchstens eine je Rolle). Der mitgesendete Dokument-Hash muss dem des Vertrags entsprechen: Unterschrieben wird genau, was angezeigt wurde. Der Server speichert das Bild, vermerkt Zeitpunkt, IP-Adresse und User-Agent und versiegelt die Unterschrift. Hat der Kunde unterschrieben (und das Studio, falls verlangt), wird der Vertrag `signed`. Ein stornierter, gekündigter oder beendeter Vertrag (sein `endsOn` ist vorüber) kann nicht unterschrieben werden (409).',
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
  'contracts-document': {
    summary: 'Vertrag als PDF: die Kopie des Kunden',
    description: [
      'Der Vertrag als PDF auf Deutsch (A4): beide Parteien, Positionen mit Preisen („49,00 €“), Summen je Abrechnungsintervall, Beginn, Mindestlaufzeit und ihr Ende, Verlängerung und Kündigungsfrist in Worten, Bedingungen, jede Unterschrift (Bild, Name, Rolle, Ortszeit), eine Kündigung, falls vorhanden, und ein Prüfprotokoll (Dokument-Hash; je Unterschrift Zeit in UTC und Ortszeit, IP-Adresse, User-Agent, Bild-SHA-256, Siegel und Schlüssel-ID). Ein noch nicht unterschriebener Vertrag ist als „Entwurf – nicht unterschrieben“ gekennzeichnet.',
      'Die Datei trägt eine PDF-Signatur (PAdES Baseline B-B, CMS detached, ECDSA P-256 mit SHA-256) mit dem Siegelschlüssel der Unterschriften und einem Zertifikat für diesen Schlüssel, das der Schlüssel selbst ausgestellt hat: Gängige PDF-Werkzeuge (z. B. `pdfsig` von poppler) melden sie als gültig und das Dokument als unverändert; dem Aussteller vertrauen sie nicht von sich aus. Ein unterschriebener (oder gekündigter) Vertrag bekommt sein unterschriebenes Original: einmal erzeugt, gespeichert und danach bei jedem Abruf Byte für Byte dasselbe, mit dem `ETag` `"sha256:<sha256>"` (siehe `GET /api/contracts/{id}/documents`); wer es vor allen anderen abruft, lässt es erzeugen. Ein noch nicht unterschriebener oder stornierter Vertrag bekommt bei jedem Abruf einen neu erzeugten Entwurf, der nirgends gespeichert wird. Stimmt ein gespeichertes Byte nicht mehr, ist die Antwort 500 und nie die veränderte Datei.',
    ].join('\n\n'),
    success: {
      status: 200,
      description: 'Das PDF, mit `Content-Disposition: attachment; filename="Vertrag-<Nummer>.pdf"`.',
      content: { 'application/pdf': v.string() },
    },
  },
  'contracts-send-copy': {
    summary: 'Vertrag per E-Mail senden: die Kopie des Kunden',
    description: [
      'Sendet die Kopie des Kunden (das versiegelte PDF wie `GET /api/contracts/{id}/document`) als Anhang mit einem kurzen deutschen Begleittext, der Studio und Vertragsnummer nennt, an `to` (ohne Angabe an die E-Mail-Adresse des Kontakts im Vertrag). In AWS über Amazon SES vom konfigurierten Absender, lokal als `.eml`-Datei in `<DATA_DIR>/outbox/`. Der Vertrag führt jeden Versand unter `copies`; ein Ereignis `contract.copy_sent` kündigt ihn an.',
      'Ohne bekannte Adresse 422. Ein `Idempotency-Key` wird beachtet: Eine Wiederholung nach erfolgtem Versand erhält die erste Antwort und sendet nicht erneut. Scheitert nur das Vermerken nach dem Versand, ist die Antwort ein Fehler und eine Wiederholung sendet die E-Mail noch einmal: eine Kopie kann doppelt ankommen, ein vermerkter Versand ist immer erfolgt.',
    ].join('\n\n'),
    body: c.CopyInput,
    success: { status: 201, description: 'Der Versand.', content: { [json]: c.ContractCopy } },
    problems: { 422: ['unprocessable'] },
  },
  'contracts-cancel': {
    summary: 'Vertrag stornieren',
    description:
      '„Stornierung“: zieht ein noch nicht unterschriebenes Angebot (`pending`) zurück; vermerkt Zeitpunkt, Grund und Benutzer. Ein unterschriebener Vertrag wird nicht storniert, sondern gekündigt (409 mit Verweis auf `POST /api/contracts/{id}/termination`); ein bereits stornierter oder gekündigter ergibt ebenfalls 409. Nur für Inhaber (`owner`).',
    body: c.CancellationInput,
    success: {
      status: 200,
      description: 'Der stornierte Vertrag.',
      content: { [json]: c.Contract },
      headers: ['etag'],
    },
    problems: { 409: ['conflict'] },
  },
  'contracts-termination-preview': {
    summary: 'Vertrag kündigen – Vorschau',
    description: `Beantwortet die Frage am Tresen: „Wenn ich an diesem Tag kündige, wann bin ich frei?“ Berechnet nach den Regeln von Laufzeit und Kündigung (§§ 187, 188, § 309 Nr. 9 BGB) das früheste Vertragsende für eine Kündigung, die an \`receivedOn\` eingeht (ohne Angabe heute in der Zeitzone des Studios; jeder Tag ist erlaubt, auch vergangene und künftige). Ändert nichts. Für jeden Vertrag außer stornierten (409).\n\n${beispieltabelle}`,
    query: {
      schema: TerminationPreviewQuery,
      fields: { receivedOn: 'Angenommener Eingangstag der Kündigung (`YYYY-MM-DD`); ohne Angabe heute.' },
    },
    success: { status: 200, description: 'Die Vorschau.', content: { [json]: c.TerminationPreview } },
    problems: { 400: ['validation-failed'], 409: ['conflict'] },
  },
  'contracts-terminate': {
    summary: 'Vertrag kündigen',
    description:
      '„Kündigung“ eines unterschriebenen Vertrags (`signed`), wie sie am Tresen abgegeben wird. **Ordentlich** (`kind: "ordinary"`, ohne Angabe): `endsOn` ist ohne Angabe das früheste Ende für den Eingangstag; ein späteres ist erlaubt, ein früheres ergibt 400 und nennt das früheste. Bei `renewal: "none"` ist eine ordentliche Kündigung nicht nötig (409): Der Vertrag endet von selbst. **Außerordentlich** (`kind: "extraordinary"`, § 314 BGB, ohne Frist): `reason` und `endsOn` sind Pflicht, `endsOn` nicht vor `receivedOn`. `receivedOn` (ohne Angabe heute) darf nicht in der Zukunft und nicht vor dem Tag liegen, an dem der Vertrag `signed` wurde (400). Der Vertrag wird `terminated` und trägt `termination`; alles in einem Schreibvorgang, bedingt auf die gelesene Version: Von zwei gleichzeitigen Kündigungen gelingt eine, die andere ergibt 409. 409 auch für `pending` (stornieren Sie stattdessen), stornierte, bereits gekündigte und beendete Verträge. Kurz nach der Antwort erhält der Kontakt die Kündigungsbestätigung per E-Mail mit dem Vertragsende und dem Brief als PDF; derselbe Brief wird als Dokument des Vertrags (`termination_confirmation`) aufbewahrt.',
    body: c.TerminationInput,
    success: {
      status: 200,
      description: 'Der gekündigte Vertrag mit `termination` und `endsOn`.',
      content: { [json]: c.Contract },
      headers: ['etag'],
    },
    problems: { 409: ['conflict'] },
  },
  'contracts-record-withdrawal': {
    summary: 'Vertrag widerrufen',
    description:
      '„Widerruf“ eines außerhalb des Studios geschlossenen Vertrags (§§ 312g, 355 BGB), den der Kunde per Brief oder E-Mail erklärt hat. Nur für einen Vertrag mit `withdrawal` (sonst 409: ein am Tresen geschlossener Vertrag hat kein Widerrufsrecht), der `signed` oder `terminated` ist, und nur, wenn `receivedOn` (ohne Angabe heute) nicht nach `withdrawal.periodEndsOn` liegt (sonst 409). Der Vertrag wird `withdrawn`, `endsOn` ist `receivedOn`: Beiträge danach entfallen; den Zeitraum, in den der Tag fällt, schuldet der Kunde anteilig nur, wenn er den Beginn vor Ablauf der Frist verlangt hat (`withdrawal.requestedEarlyStart`, § 357a Abs. 2 BGB), sonst nichts. Ein Schreibvorgang, bedingt auf die gelesene Version; Ereignis `contract.withdrawn`.',
    body: c.WithdrawalInput,
    success: {
      status: 200,
      description: 'Der widerrufene Vertrag mit `withdrawal` und `endsOn`.',
      content: { [json]: c.Contract },
      headers: ['etag'],
    },
    problems: { 409: ['conflict'] },
  },
  'contracts-retract-termination': {
    summary: 'Vertrag fortsetzen: Kündigung zurücknehmen',
    description:
      'Nimmt die Kündigung zurück, solange sie noch nicht wirksam ist (heute, in der Zeitzone des Studios, liegt vor `termination.endsOn`): Der Vertrag ist wieder `signed` und läuft wie vereinbart weiter, `termination` wird null. Ohne Kündigung oder ab ihrem letzten Tag ergibt das 409. Beachtet `If-Match`. Nur für Inhaber (`owner`).',
    success: { status: 204, description: 'Zurückgenommen; kein Inhalt.' },
    problems: { 409: ['conflict'] },
  },
} satisfies Record<RouteNameOf<'contracts'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = {
  operations: contractOperations,
  components: c,
  tagDescription: contractsTag.description,
};
