import * as v from 'valibot';
import { mandateText } from '#shared/contracts/mandates/mandate-text.ts';
import { SigningSessionInput, SigningSessionRecord } from '#shared/signing/open-session-schema.ts';
import { SigningInput } from '#shared/signing/schema.ts';
import { SigningSessionStatusRecord } from '#shared/signing/session-status-schema.ts';
import { SigningAmendmentRecord, SigningMandateRecord, SigningViewRecord } from '#shared/signing/view-schema.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import { contractComponents as c, signatureImageDataUrl } from './contract-components.ts';
import { gespeicherterVertrag, hash, png } from './contract-examples.ts';
import { vertragsfelder } from './contract-fields.ts';
import { beispielMandat } from './mandate-components.ts';
import type { OperationDoc } from './operation-doc.ts';

// Unterschrift am Tresen (docs/walkthrough.md, "Signing at the counter"): deutsch dokumentiert wie der ganze Vertragsbereich.

const json = 'application/json';
const token = 'q3JkR0Ym3V9nU1aK8cW2xZ5tL7pQ4sE6hG0fD2bN9vM';
const url = `https://studio.example/api/sign#${token}`;

const tokenErklaerung =
  'Der Token (256 Zufallsbits, base64url, 43 Zeichen) steht nur im Fragment der URL (`#…`), das Browser nie an einen Server senden, und danach nur im Header `Authorization: Signing <token>`: Er erscheint in keinem Pfad, keiner Abfrage und damit in keinem Zugriffsprotokoll. Der Server speichert nur seinen SHA-256.';

const tokenUngueltig =
  'Unbekannter, ersetzter, abgelaufener oder schon verwendeter Token: 401 `signing-token-invalid` mit `WWW-Authenticate: Signing`. Alle Fälle sehen gleich aus, damit niemand durch Raten etwas erfährt.';

const SigningSessionInputComponent = component(
  SigningSessionInput,
  'SigningSessionInput',
  {
    role: 'Wer mit dem Link unterschreibt: `customer` (der Kunde) oder `studio`. Ohne Angabe `customer`.',
    channel:
      '`counter` (ohne Angabe): Der Link kommt in der Antwort, für das Tablet am Tresen. `remote`: Der Link geht per E-Mail an den Kunden, der zu Hause unterschreibt; der Vertrag ist dann außerhalb des Studios geschlossen und hat ein Widerrufsrecht (§§ 312b, 312c, 312g BGB).',
    sendTo:
      'Nur für `remote`: an welche Adresse der Link geht. Ohne Angabe die E-Mail-Adresse des Kontakts (hat er keine: 422). Bei `counter` 400.',
    expiresInMinutes:
      'Wie lange der Link zum Unterschreiben gilt: am Tresen 5 bis 60 Minuten (ohne Angabe 30), aus der Ferne 5 bis 10080 Minuten, also höchstens 7 Tage (ohne Angabe 10080).',
    amendmentId:
      'Statt des Vertrags eine angebotene Änderungsvereinbarung des Vertrags (`offered`): Die Seite zeigt sie in Worten mit „Zustimmen“ und „Ablehnen“. Nur für `customer` (sonst 400 mit dem Feld); eine ID, die keine Änderung dieses Vertrags nennt, 422 mit dem Feld; eine entschiedene oder abgelaufene Änderung oder ein beendeter Vertrag 409. Ohne Angabe wird der Vertrag unterschrieben.',
  },
  {
    text: 'Eine neue Unterschriftssitzung für einen Vertrag und eine Rolle.',
    examples: [
      {},
      { role: 'customer', expiresInMinutes: 15 },
      { channel: 'remote', sendTo: 'erika@example.com', expiresInMinutes: 4320 },
      { role: 'customer', amendmentId: '01JD0000000000000000000011' },
    ],
  },
);

const SigningSession = component(
  SigningSessionRecord,
  'SigningSession',
  {
    id: 'ID der Sitzung, eine ULID.',
    contractId:
      'Der Vertrag, der in dieser Sitzung unterschrieben wird; mit `id` die Adresse der Sitzung (`Location`).',
    role: 'Die Rolle, in der mit diesem Link unterschrieben wird.',
    channel: 'Am Tresen (`counter`) oder per E-Mail (`remote`).',
    expiresAt: 'Bis wann der Link zum Unterschreiben gilt (RFC 3339, UTC).',
    url: `Nur am Tresen: der Link zur Unterschriftsseite, \`<Origin>/api/sign#<token>\`: einmal verwendbar. ${tokenErklaerung} Er wird nur in dieser Antwort gezeigt.`,
    qrCodeSvg:
      'Nur am Tresen: derselbe Link als QR-Code, ein eigenständiges SVG-Dokument, zum Anzeigen am Bildschirm und Scannen mit der Kamera des Kunden.',
    sentTo:
      'Nur bei `remote`: die Adresse, an die der Link ging. Die Antwort enthält weder Link noch Token: Nur die E-Mail hat ihn.',
    messageId: 'Nur bei `remote`: die Kennung der E-Mail beim Mailversand (SES, lokal die Datei im Postausgang).',
    amendmentId:
      'Nur in der Sitzung einer Änderungsvereinbarung: die Änderung, der zugestimmt oder die abgelehnt wird.',
  },
  {
    text: 'Eine geöffnete Unterschriftssitzung mit ihrem Link. Wer den Link hat, kann den Vertrag in dieser Rolle einsehen und unterschreiben: Zeigen Sie ihn nur der Person, die unterschreiben soll.',
    examples: [
      {
        id: '01JD5A2B3C4D5E6F7G8H9J0K1M',
        contractId: '01JD4Z8Y7X6W5V4T3S2R1Q0P9N',
        role: 'customer',
        expiresAt: '2026-11-22T11:00:00.000Z',
        channel: 'counter',
        url,
        qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 53 53" shape-rendering="crispEdges">…</svg>',
      },
      {
        id: '01JD5A2B3C4D5E6F7G8H9J0K1N',
        contractId: '01JD4Z8Y7X6W5V4T3S2R1Q0P9N',
        role: 'customer',
        channel: 'remote',
        expiresAt: '2026-11-29T10:30:00.000Z',
        sentTo: 'erika@example.com',
        messageId: '0193a1b2-7c3d-4e5f-8a9b-0c1d2e3f4a5b@studio.invalid',
      },
    ],
  },
);

const SigningSessionStatus = component(
  SigningSessionStatusRecord,
  'SigningSessionStatus',
  {
    id: 'ID der Sitzung, eine ULID (wie in der Antwort beim Öffnen und im `Location`-Header).',
    contractId: 'Der Vertrag der Sitzung.',
    role: 'Die Rolle, in der mit dem Link unterschrieben wird.',
    channel: 'Am Tresen (`counter`) oder per E-Mail (`remote`).',
    createdAt: 'Wann die Sitzung geöffnet wurde.',
    expiresAt: 'Bis wann der Link zum Unterschreiben gilt (RFC 3339, UTC).',
    status:
      '`open`: Der Link gilt noch. `signed`: Der letzte Schritt ist unterschrieben (einer Änderung zugestimmt), der Link verbraucht (die Kopie ist danach 15 Minuten lang mit ihm abrufbar). `declined`: Die Änderung wurde mit dem Link abgelehnt, der Link ist verbraucht. `expired`: Die Zeit lief ab, bevor der letzte Schritt unterschrieben war.',
    steps: {
      text: 'Die Schritte der Sitzung in ihrer Reihenfolge: der Vertrag, in einer Sitzung für `customer` mit ausstehendem SEPA-Mandat danach das Mandat; in der Sitzung einer Änderungsvereinbarung nur die Änderung (`amendment`).',
      fields: {
        step: '`contract`, `mandate` oder `amendment`.',
        status:
          '`signed`, sobald die Unterschrift dieses Schritts vorliegt (bei `amendment`: zugestimmt), `declined`, wenn die Änderung mit dem Link abgelehnt wurde, sonst `open`.',
      },
    },
    amendmentId:
      'Nur in der Sitzung einer Änderungsvereinbarung: die Änderung, der zugestimmt oder die abgelehnt wird.',
  },
  {
    text: 'Eine Unterschriftssitzung, wie das Studio sie sieht: ohne Link und ohne Token.',
    examples: [
      {
        id: '01JD5A2B3C4D5E6F7G8H9J0K1M',
        contractId: '01JD5A2B3C4D5E6F7G8H9J0K1P',
        role: 'customer',
        channel: 'counter',
        createdAt: '2026-11-22T10:30:00.000Z',
        expiresAt: '2026-11-22T11:00:00.000Z',
        status: 'open',
        steps: [
          { step: 'contract', status: 'signed' },
          { step: 'mandate', status: 'open' },
        ],
      },
    ],
  },
);

/** Der Beispielvertrag, bevor jemand unterschrieben hat. */
const offenerVertrag = {
  ...gespeicherterVertrag,
  status: 'pending' as const,
  updatedAt: gespeicherterVertrag.createdAt,
  version: 1,
};

const SigningMandate = component(
  SigningMandateRecord,
  'SigningMandate',
  {
    text: 'Der Mandatstext im deutschen Standardwortlaut, derselbe wie in `GET /api/contracts/{id}/mandate` und in der PDF-Kopie.',
    reference: 'Die Mandatsreferenz.',
    mandateHash: 'Der Hash des Mandats; die Unterschrift des Mandats muss ihn mitsenden (sonst 409).',
    accountHolder: 'Der Kontoinhaber.',
    iban: 'Die IBAN des Kontos, wie das Mandat sie speichert (ohne Leerzeichen); die Seite zeigt sie in Vierergruppen.',
    creditor: {
      text: 'Der Gläubiger, wie das Mandat ihn nennt.',
      fields: { name: 'Name des Gläubigers.', creditorId: 'Gläubiger-Identifikationsnummer.' },
    },
  },
  {
    text: 'Das SEPA-Lastschriftmandat, das in der Sitzung nach dem Vertrag unterschrieben wird.',
    examples: [
      {
        text: mandateText(beispielMandat),
        reference: beispielMandat.reference,
        mandateHash: beispielMandat.mandateHash,
        accountHolder: beispielMandat.accountHolder,
        iban: beispielMandat.iban,
        creditor: beispielMandat.creditor,
      },
    ],
  },
);

const SigningAmendment = component(
  SigningAmendmentRecord,
  'SigningAmendment',
  {
    id: 'Die ID der Änderungsvereinbarung.',
    number: 'Ihre Nummer, `<Vertragsnummer>-A<k>`.',
    kind: '`pause`, `price` oder `items`.',
    status:
      'Ihr Zustand jetzt. Nur `offered` lässt sich entscheiden; ist sie inzwischen entschieden oder abgelaufen, zeigt die Seite das statt der Knöpfe.',
    effectiveFrom: 'Ab wann sie gilt.',
    offerExpiresOn: 'Bis wann (einschließlich, Zeitzone des Studios) zugestimmt werden kann.',
    amendmentHash: 'Der Hash der Änderung beim Öffnen der Sitzung; die Zustimmung muss ihn mitsenden (sonst 409).',
    title: 'Die Überschrift, wie die Vereinbarung sie trägt („Vereinbarung über eine Ruhezeit zum Vertrag …“).',
    lines:
      'Die Änderung in Sätzen: was sich ab wann ändert und was daraus folgt, bei einer Ruhezeit das Ende der Mindestlaufzeit, bei Preis und Leistungen die Beiträge danach (und bisher). Aus dem Datensatz der Änderung gebildet, als wäre sie neben den schon vereinbarten vereinbart.',
  },
  {
    text: 'Die Änderungsvereinbarung einer Sitzung: was die Seite über „Zustimmen“ und „Ablehnen“ zeigt.',
    examples: [
      {
        id: '01JD0000000000000000000011',
        number: '2026-000001-A1',
        kind: 'pause',
        status: 'offered',
        effectiveFrom: '2027-03-10',
        offerExpiresOn: '2027-03-05',
        amendmentHash: 'sha256:1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6a7f8e9d0c1b2a3f4e5d6c7b8a9f0e1d2c',
        title: 'Vereinbarung über eine Ruhezeit zum Vertrag 2026-000001 (2026-000001-A1)',
        lines: [
          'Der Vertrag ruht vom 10.03.2027 bis zum 23.03.2027 (14 Tage).',
          'Grund: Urlaub.',
          'Für die ruhenden Tage wird eine Ruhezeitgebühr von 5,00 € je Monat anteilig berechnet.',
          'Die Mindestlaufzeit verlängert sich um 14 Tage: Sie endet am 14.12.2027 statt am 30.11.2027.',
          'Ab dem 24.03.2027 gelten die Beiträge wie bisher.',
        ],
      },
    ],
  },
);

const SigningView = component(
  SigningViewRecord,
  'SigningView',
  {
    role: 'Die Rolle, in der unterschrieben wird.',
    channel: 'Am Tresen (`counter`) oder zu Hause über den Link aus der E-Mail (`remote`).',
    documentHash:
      'Der Dokument-Hash des Vertrags beim Öffnen der Sitzung; die Unterschrift muss ihn mitsenden (sonst 409).',
    expiresAt: 'Bis wann der Link zum Unterschreiben gilt.',
    signerName:
      'Vorschlag für den Namen der unterschreibenden Person: Vor- und Nachname des Kontakts, für das Studio `representedBy` (sonst leer).',
    contractSigned:
      'Ob die Rolle der Sitzung den Vertrag schon unterschrieben hat; dann bleibt nur noch das Mandat (die Seite zeigt nach einem Neuladen gleich den zweiten Schritt).',
    contract: {
      text: 'Der Vertrag, wie er unterschrieben wird (ohne Unterschriften).',
      fields: vertragsfelder,
    },
    term: {
      text: 'Laufzeit, Verlängerung und Kündigungsfrist in Worten, wie die Kopie des Kunden sie nennt.',
      fields: {
        minimumTerm: 'Die Mindestlaufzeit mit ihren Daten.',
        renewal: 'Was nach der Mindestlaufzeit geschieht.',
        notice: 'Die Kündigungsfrist.',
      },
    },
    mandate: {
      text: 'Das SEPA-Mandat, das nach dem Vertrag unterschrieben wird: nur in einer Sitzung für `customer`, wenn der Vertrag beim Öffnen der Sitzung ein Mandat im Zustand `pending` hatte und es noch dieses ist; sonst immer vorhanden und `null`.',
      ref: SigningMandate.documented,
    },
    amendment: {
      text: 'Nur in der Sitzung einer Änderungsvereinbarung (sonst `null`): die Änderung in Worten. Dann ist `contractSigned` `true`, `mandate` und `withdrawal` sind `null`, und `contract` zeigt den Vertrag, wie er jetzt gilt.',
      ref: SigningAmendment.documented,
    },
    withdrawal: {
      text: 'Nur in einer Sitzung aus der Ferne für `customer` über den Vertrag (sonst `null`): was die Seite vor dem Unterschriftenfeld zeigt.',
      fields: {
        periodEndsOn:
          'Der letzte Tag der Widerrufsfrist, wenn heute unterschrieben wird: der Tag der Unterschrift in der Zeitzone des Studios + 14 Tage (§ 355 Abs. 2, § 187 Abs. 1 BGB).',
        notice: {
          text: 'Die Widerrufsbelehrung nach dem Muster der Anlage 1 EGBGB mit Name, Anschrift, Telefon und E-Mail des Studios; die Seite zeigt sie als Text.',
          fields: {
            heading: 'Die Überschrift.',
            sections: {
              text: 'Die Abschnitte („Widerrufsrecht“, „Folgen des Widerrufs“).',
              fields: { heading: 'Die Überschrift des Abschnitts.', paragraphs: 'Seine Absätze.' },
            },
          },
        },
        form: {
          text: 'Das Muster-Widerrufsformular (Anlage 2 EGBGB), an das Studio gerichtet.',
          fields: { heading: 'Die Überschrift.', paragraphs: 'Die Zeilen des Formulars.' },
        },
        earlyStartRequest:
          'Der Text des eigenen, nicht vorausgewählten Kästchens, mit dem der Kunde ausdrücklich verlangt, dass die Leistung schon während der Widerrufsfrist beginnt (§ 356 Abs. 4, § 357a Abs. 2 BGB); `null`, wenn der Vertrag erst nach der Frist beginnt.',
      },
    },
  },
  {
    text: 'Was die Unterschriftsseite zeigt: der ganze Vertrag, seine Laufzeit in Worten und der Hash, den die Unterschrift bestätigt.',
    examples: [
      {
        role: 'customer',
        channel: 'counter',
        documentHash: hash,
        expiresAt: '2026-11-22T11:00:00.000Z',
        signerName: 'Erika Mustermann',
        contractSigned: false,
        contract: offenerVertrag,
        term: {
          minimumTerm: 'Mindestlaufzeit: 12 Monate, vom 01.12.2026 bis 30.11.2027.',
          renewal:
            'Nach Ablauf der Mindestlaufzeit läuft der Vertrag auf unbestimmte Zeit weiter und kann jederzeit mit einer Frist von 1 Monat gekündigt werden.',
          notice: 'Kündigungsfrist: 1 Monat ab Eingang der Kündigung.',
        },
        mandate: null,
        withdrawal: null,
        amendment: null,
      },
    ],
  },
);

const SigningInputComponent = component(
  SigningInput,
  'SigningInput',
  {
    signerName: 'Name der unterschreibenden Person, 1 bis 200 Zeichen.',
    signatureImage: {
      text: 'Das Bild vom Unterschriftenfeld als Data-URL, nach den Regeln von `POST /api/contracts/{id}/signatures`: PNG oder SVG, dekodiert höchstens 100 KiB, PNG höchstens 2000 × 2000 Pixel.',
      checkedByHandler: signatureImageDataUrl,
    },
    consent: 'Die Zustimmung zum elektronischen Unterschreiben; muss `true` sein.',
    documentHash: 'Der Dokument-Hash, den die Seite angezeigt hat (aus `GET /api/signing`).',
    requestedEarlyStart:
      'Nur in einer Sitzung aus der Ferne (`remote`): Der Kunde verlangt ausdrücklich, dass die Leistung schon während der Widerrufsfrist beginnt (§ 356 Abs. 4, § 357a Abs. 2 BGB); der Vertrag speichert es in `withdrawal.requestedEarlyStart`. Ohne Angabe `false`. In einer Sitzung am Tresen oder für `studio` 400 mit dem Feld.',
  },
  {
    text: 'Die Unterschrift auf der Unterschriftsseite; Vertrag und Rolle legt die Sitzung fest.',
    examples: [{ signerName: 'Erika Mustermann', signatureImage: png, consent: true, documentHash: hash }],
  },
);

export const signingComponents = {
  SigningSessionInput: SigningSessionInputComponent,
  SigningSession,
  SigningSessionStatus,
  SigningMandate,
  SigningAmendment,
  SigningView,
  SigningInput: SigningInputComponent,
} satisfies Record<string, Component>;

const text = v.string();

export const signingOperations = {
  'signing-sessions-open': {
    summary: 'Vertrag zum Unterschreiben freigeben (Link und QR-Code)',
    description: [
      'Öffnet eine Sitzung, in der eine Person den Vertrag in einer Rolle auf einem Tablet (oder per QR-Code am eigenen Telefon) liest und unterschreibt. Nur für einen Vertrag im Zustand `pending`, dessen Rolle noch nicht unterschrieben hat (sonst 409).',
      `Der Link ist einmal verwendbar und gilt \`expiresInMinutes\` lang. ${tokenErklaerung} Eine neue Sitzung für denselben Vertrag und dieselbe Rolle beendet die vorige: Ihr Link gilt sofort nicht mehr.`,
      '**Aus der Ferne** (`channel: "remote"`): Der Link geht per E-Mail (deutsch, mit dem Namen des Studios und dem Ablauf) an `sendTo` oder den Kontakt und gilt bis zu 7 Tage; die Antwort enthält weder Link noch Token. Die Seite zeigt vor dem Unterschriftenfeld die Widerrufsbelehrung des Studios und, wenn der Vertrag vor dem Ende der Widerrufsfrist beginnt, das Kästchen für den vorzeitigen Beginn. Der so unterschriebene Vertrag erhält `withdrawal`, sein PDF die Belehrung und das Muster-Widerrufsformular.',
      '**Eine Änderungsvereinbarung** (`amendmentId`, nur für `customer`): Die Sitzung zeigt statt des Vertrags die angebotene Änderung in Worten (was sich ab wann ändert, das neue Ende der Mindestlaufzeit oder die Beiträge danach) mit „Zustimmen“ und „Ablehnen“ von gleichem Gewicht, am Tresen wie aus der Ferne (dann geht der Link per E-Mail, ohne Widerrufsbelehrung). Eine neue Sitzung für dieselbe Änderung beendet die vorige; Sitzungen des Vertrags und anderer Änderungen bleiben. Unbekannte `amendmentId` 422, nicht mehr angeboten (entschieden, abgelaufen) 409.',
      '**Wiederholungen:** Die Antwort am Tresen enthält ein Geheimnis, das der Server nicht aufbewahrt. Sie wird darum nie gespeichert und nie erneut ausgeliefert; ein `Idempotency-Key` wird dort nicht ausgewertet. Eine Wiederholung öffnet eine neue Sitzung und beendet die vorige, so dass immer höchstens ein Link je Vertrag und Rolle gilt: der aus der zuletzt erhaltenen Antwort. Die Antwort einer Sitzung aus der Ferne enthält kein Geheimnis: Mit `Idempotency-Key` erhält eine Wiederholung sie erneut (`Idempotent-Replayed: true`), und es geht keine zweite E-Mail hinaus.',
    ].join('\n\n'),
    body: SigningSessionInputComponent,
    success: {
      status: 201,
      description:
        'Die Sitzung mit Link und QR-Code; `Location` nennt sie ohne Link (`GET /api/contracts/{id}/signing-sessions/{sessionId}`).',
      content: { [json]: SigningSession },
      headers: ['location'],
    },
    problems: { 409: ['conflict'], 422: ['unprocessable'] },
  },
  'signing-sessions-get': {
    summary: 'Vertrag – seine Unterschriftssitzung abrufen (ohne Link)',
    description: [
      'Die Sitzung, die `Location` beim Öffnen nennt: Rolle, Kanal, Ablauf, ihr Zustand und der ihrer Schritte (Vertrag, dann gegebenenfalls das SEPA-Mandat). So sieht das Studio, ob am Tablet oder zu Hause schon unterschrieben wurde.',
      '**Nie mit Link oder Token:** Die Tabelle hält vom Token nur seinen SHA-256, und der Link wird einmal gezeigt, in der Antwort beim Öffnen am Tresen (bzw. nur in der E-Mail). Wer ihn verloren hat, öffnet eine neue Sitzung; sie beendet diese.',
      'Eine ersetzte Sitzung ist mit ihrem Token gelöscht, eine abgelaufene verschwindet mit ihrer Lebensdauer (TTL, 15 Minuten nach ihrer Verwendung oder an ihrem Ende): beide 404 wie eine unbekannte ID. Bis dahin zeigt eine abgelaufene `status: "expired"`.',
    ].join('\n\n'),
    path: {
      sessionId: {
        schema: v.pipe(v.string(), v.ulid()),
        text: 'Die ID der Sitzung aus der Antwort beim Öffnen (oder ihrem `Location`-Header).',
      },
    },
    success: {
      status: 200,
      description:
        'Die Sitzung ohne Link; ihr `ETag` ist der SHA-256 dessen, was sie zeigt: Es ändert sich mit jeder Unterschrift eines Schritts und mit ihrem Ablauf.',
      content: { [json]: SigningSessionStatus },
      headers: ['etag'],
    },
  },
  'signing-page': {
    summary: 'Vertrag unterschreiben: die Seite für das Tablet',
    description:
      "Die Seite, die der Link öffnet (deutsch, für ein Tablet ab 768 × 1024, auch ein Telefon): Sie liest den Token aus dem Fragment, entfernt ihn aus der Adresszeile, zeigt den ganzen Vertrag und danach Name, Unterschriftenfeld (Finger, Stift oder Maus), Zustimmung und „Verbindlich unterschreiben“; danach die Kopie zum Herunterladen. Alles vom Server selbst (kein CDN), unter einer strengen Content-Security-Policy ohne Inline-Skript und -Stil, `frame-ancestors 'none'`, `Referrer-Policy: no-referrer`, `Cache-Control: no-store`.",
    success: { status: 200, description: 'Die HTML-Seite.', content: { 'text/html': text } },
  },
  'signing-asset': {
    summary: 'Vertrag unterschreiben: Datei der Seite',
    description:
      'Skripte und Stil der Unterschriftsseite (darunter `signature_pad`), gzip-komprimiert, wenn der Client es annimmt.',
    path: {
      asset: {
        schema: v.picklist(['signature_pad.umd.min.js', 'sign-page.js', 'sign-page.css']),
        text: 'Der Name der Datei.',
      },
    },
    success: {
      status: 200,
      description: 'Die Datei.',
      content: { 'text/javascript': text, 'text/css': text },
    },
    problems: { 404: ['not-found'] },
  },
  'signing-view': {
    summary: 'Vertrag zur Unterschrift abrufen',
    description: `Der Vertrag der Sitzung, wie die Unterschriftsseite ihn zeigt, mit Rolle und Dokument-Hash. Mit \`Authorization: Signing <token>\` statt eines Bearer-Tokens. ${tokenUngueltig}`,
    signingToken: true,
    success: { status: 200, description: 'Was die Seite zeigt.', content: { [json]: SigningView } },
    problems: { 401: ['signing-token-invalid'] },
  },
  'signing-sign': {
    summary: 'Vertrag mit dem Link unterschreiben',
    description: [
      `Zeichnet die Unterschrift genau wie \`POST /api/contracts/{id}/signatures\` auf (Bildregeln, Dokument-Hash, IP-Adresse und User-Agent, Siegel), in der Rolle der Sitzung. Mit \`Authorization: Signing <token>\`. ${tokenUngueltig}`,
      'Der Token wird **in derselben Transaktion** wie die Unterschrift verbraucht: Ein Doppeltipp oder eine wiederholte Anfrage kann nicht zweimal unterschreiben. Eine abgelehnte Unterschrift (400, 409) verbraucht ihn nicht. Ein `Idempotency-Key` gilt je Sitzung: Eine Wiederholung nach verlorener Antwort erhält die erste Antwort, solange die Kopie abrufbar ist (15 Minuten).',
      'Gehört zur Sitzung ein SEPA-Mandat (`mandate` in `GET /api/signing`), ist der Vertrag der erste von zwei Schritten: Seine Unterschrift prüft in ihrer Transaktion nur, dass der Token noch gilt, und verbraucht ihn nicht; das tut erst die Unterschrift des Mandats (`POST /api/signing/mandate`).',
    ].join('\n\n'),
    signingToken: true,
    body: SigningInputComponent,
    success: {
      status: 201,
      description: 'Der Vertrag mit der neuen Unterschrift.',
      content: { [json]: c.Contract },
      headers: ['etag'],
    },
    problems: { 401: ['signing-token-invalid'], 409: ['conflict'] },
  },
  'signing-sign-mandate': {
    summary: 'Vertrag – sein SEPA-Mandat mit dem Link unterschreiben',
    description: [
      `Der zweite Schritt einer Sitzung mit Mandat: Zeichnet die Unterschrift des Mandats genau wie \`POST /api/contracts/{id}/mandate/signature\` auf (Bildregeln, Nachweise, Siegel über \`{ contractId, mandateHash, … }\`, Ereignis \`mandate.signed\`); das Mandat wird \`active\`. Mit \`Authorization: Signing <token>\`. ${tokenUngueltig}`,
      'Die Seite zeigt erst den Vertrag, dann das Mandat: Hat die Rolle der Sitzung den Vertrag noch nicht unterschrieben, ergibt das 409 (erst den Vertrag unterschreiben). Ebenso 409: eine Sitzung ohne Mandat, ein anderer `mandateHash` als der des Mandats der Sitzung, ein schon unterschriebenes, widerrufenes oder ersetztes Mandat. Fehlende oder ungültige Felder ergeben 400 mit dem Feld.',
      'Das Mandat ist der letzte Schritt: Der Token wird **in derselben Transaktion** verbraucht, danach liefert `GET /api/signing/document` die Kopie (15 Minuten). Eine abgelehnte Unterschrift (400, 409) verbraucht ihn nicht. Ein `Idempotency-Key` gilt je Sitzung wie beim Vertrag.',
    ].join('\n\n'),
    signingToken: true,
    body: c.MandateSignatureInput,
    success: {
      status: 201,
      description: 'Das unterschriebene Mandat mit seinem Text.',
      content: { [json]: c.MandateWithText },
    },
    problems: { 401: ['signing-token-invalid'], 409: ['conflict'] },
  },
  'signing-agree-amendment': {
    summary: 'Vertrag – einer Änderungsvereinbarung mit dem Link zustimmen',
    description: [
      `„Zustimmen“ auf der Seite einer Sitzung mit \`amendmentId\`: zeichnet die Unterschrift genau wie \`POST /api/contracts/{id}/amendments/{amendmentId}/signature\` auf (Bildregeln, Nachweise mit IP-Adresse und User-Agent des Tablets oder Browsers, Siegel über \`{ contractId, amendmentId, amendmentHash, … }\`); die Änderung wird \`agreed\` und gilt, Ereignis \`amendment.agreed\`. Mit \`Authorization: Signing <token>\`. ${tokenUngueltig}`,
      'Ein anderer `amendmentHash` als der der Sitzung, eine Sitzung ohne Änderung, eine inzwischen entschiedene oder abgelaufene Änderung: 409. Fehlende oder ungültige Felder: 400 mit dem Feld.',
      'Der Token wird **in derselben Transaktion** verbraucht: Zustimmen und Ablehnen zusammen gelingen höchstens einmal. Eine abgelehnte Anfrage (400, 409) verbraucht ihn nicht. Ein `Idempotency-Key` gilt je Sitzung: Eine Wiederholung nach verlorener Antwort erhält die erste Antwort.',
    ].join('\n\n'),
    signingToken: true,
    body: c.AmendmentSignatureInput,
    success: {
      status: 201,
      description: 'Die vereinbarte Änderung mit ihrer Unterschrift.',
      content: { [json]: c.Amendment },
      headers: ['etag'],
    },
    problems: { 401: ['signing-token-invalid'], 409: ['conflict'] },
  },
  'signing-decline-amendment': {
    summary: 'Vertrag – eine Änderungsvereinbarung mit dem Link ablehnen',
    description: [
      `„Ablehnen“ auf der Seite einer Sitzung mit \`amendmentId\`: wie \`POST /api/contracts/{id}/amendments/{amendmentId}/decline\`: Die Änderung wird \`declined\`, sonst ändert sich nichts, Ereignis \`amendment.declined\`. Ein Grund ist freiwillig. Mit \`Authorization: Signing <token>\`. ${tokenUngueltig}`,
      'Eine Sitzung ohne Änderung oder eine inzwischen entschiedene oder abgelaufene Änderung: 409. Der Token wird in derselben Transaktion verbraucht; ein `Idempotency-Key` gilt je Sitzung wie beim Zustimmen.',
    ].join('\n\n'),
    signingToken: true,
    body: c.DeclineInput,
    success: {
      status: 200,
      description: 'Die abgelehnte Änderung.',
      content: { [json]: c.Amendment },
      headers: ['etag'],
    },
    problems: { 401: ['signing-token-invalid'], 409: ['conflict'] },
  },
  'signing-document': {
    summary: 'Vertrag oder Vereinbarung nach der Unterschrift herunterladen',
    description: `Die Kopie des Kunden als versiegeltes PDF (wie \`GET /api/contracts/{id}/document\`), mit dem Token, der gerade unterschrieben hat: 15 Minuten lang nach der Unterschrift, danach 401. Vor der Unterschrift 401 wie jeder nicht passende Token. Der Token einer Sitzung für eine Änderung lädt nach „Zustimmen“ die gespeicherte Vereinbarung (wie \`GET /api/contracts/{id}/amendments/{amendmentId}/document\`); nach „Ablehnen“ gibt es keine: 409. ${tokenUngueltig}`,
    signingToken: true,
    success: {
      status: 200,
      description:
        'Das PDF, mit `Content-Disposition: attachment; filename="Vertrag-<Nummer>.pdf"` (eine Vereinbarung: `Aenderungsvereinbarung-<Nummer der Änderung>.pdf`).',
      content: { 'application/pdf': text },
    },
    problems: { 401: ['signing-token-invalid'], 409: ['conflict'] },
  },
} satisfies Record<RouteNameOf<'signing'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = { operations: signingOperations, components: signingComponents };
