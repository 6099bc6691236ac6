import * as v from 'valibot';
import {
  AssignmentInput,
  DeclarationListQuery,
  DeclarationReceiptRecord,
  DeclarationRecord,
  TerminationDeclarationInput,
  WithdrawalDeclarationInput,
} from '#shared/declarations/schema.ts';
import { listEnvelope } from '#shared/schema/record.ts';
import type { AreaDocs, RouteNameOf } from './area-docs.ts';
import { type Component, component } from './components.ts';
import { contractComponents as c } from './contract-components.ts';
import type { OperationDoc } from './operation-doc.ts';
import { listQueryDocs, pageDocs } from './shared-docs.ts';

// Kündigen und Widerrufen ohne Anmeldung (docs/declarations.md): deutsch dokumentiert wie der ganze Vertragsbereich.

const json = 'application/json';
const text = v.string();

const person = {
  firstName: 'Vorname, 1 bis 100 Zeichen.',
  lastName: 'Nachname, 1 bis 100 Zeichen; muss für die Zuordnung genau dem Nachnamen des Kontakts entsprechen.',
  email:
    'E-Mail-Adresse für die Eingangsbestätigung; muss für die Zuordnung der des Kontakts entsprechen (Groß- und Kleinschreibung egal).',
  contractNumber:
    'Vertragsnummer (`2026-000123`), freiwillig; ohne sie wird der eine unterschriebene Vertrag des Kontakts gemeint.',
};
const terminationFields = {
  ...person,
  kind: '`ordinary` (ordentlich, ohne Angabe) oder `extraordinary` (außerordentlich aus wichtigem Grund, § 314 BGB).',
  reason: 'Grund, höchstens 2000 Zeichen; Pflicht bei `extraordinary`.',
  endsOn:
    '`earliest` (ohne Angabe: zum nächstmöglichen Zeitpunkt) oder ein Datum. Ein Datum vor dem frühesten Ende beendet den Vertrag zum frühesten Ende.',
};
const erika = { firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.com', contractNumber: '2026-000001' };
const kuendigung = { ...erika, kind: 'ordinary' as const, reason: null, endsOn: 'earliest' };

const TerminationDeclaration = component(
  TerminationDeclarationInput,
  'TerminationDeclarationInput',
  terminationFields,
  {
    text: 'Eine Kündigung über „Verträge hier kündigen“: nur, was das Gesetz zu fragen erlaubt.',
    examples: [{ firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.com' }, kuendigung],
  },
);
const WithdrawalDeclaration = component(WithdrawalDeclarationInput, 'WithdrawalDeclarationInput', person, {
  text: 'Ein Widerruf über „Vertrag widerrufen“.',
  examples: [erika],
});

const content = {
  text: 'Was erklärt wurde, wie es angekommen ist (bei einer Kündigung mit `kind`, `reason` und `endsOn`).',
  fields: { ...terminationFields, contractNumber: 'Die Vertragsnummer, oder null.' },
};

const Receipt = component(
  DeclarationReceiptRecord,
  'DeclarationReceipt',
  {
    id: 'Eingangsnummer der Erklärung, eine ULID.',
    receivedAt: 'Zeitpunkt des Eingangs (RFC 3339, UTC): Datum und Uhrzeit der Eingangsbestätigung.',
    declaration: content,
  },
  {
    text: 'Die Eingangsbestätigung: immer gleich aufgebaut, ob ein Vertrag gefunden wurde oder nicht.',
    examples: [{ id: '01JD000000000000000000000D', receivedAt: '2026-11-26T09:15:02.123Z', declaration: kuendigung }],
  },
);

const declarationExample = {
  id: '01JD000000000000000000000D',
  type: 'termination' as const,
  receivedAt: '2026-11-26T09:15:02.123Z',
  declaration: kuendigung,
  status: 'unmatched' as const,
  contractId: null,
};
const Declaration = component(
  DeclarationRecord,
  'Declaration',
  {
    id: 'ID der Erklärung, eine ULID.',
    type: '`termination` (Kündigung) oder `withdrawal` (Widerruf).',
    receivedAt: 'Zeitpunkt des Eingangs (RFC 3339, UTC).',
    declaration: content,
    status:
      '`matched` (automatisch einem Vertrag zugeordnet und dort erfasst), `unmatched` (keinem Vertrag zuzuordnen, oder noch nicht geprüft) oder `assigned` (vom Studio zugeordnet).',
    contractId: 'Der Vertrag, bei dem die Erklärung erfasst ist, sonst null.',
  },
  { text: 'Eine Erklärung, wie das Studio sie sieht.', examples: [declarationExample] },
);
const Declarations = component(listEnvelope(DeclarationRecord), 'DeclarationList', pageDocs('de', Declaration), {
  text: 'Eine Seite Erklärungen, die neuesten zuerst.',
  examples: [{ items: [declarationExample], nextCursor: null }],
});
const Assignment: Component = component(
  AssignmentInput,
  'DeclarationAssignmentInput',
  { contractId: 'Der Vertrag, dem das Studio die Erklärung zuordnet.' },
  { text: 'Die Zuordnung einer Erklärung zu einem Vertrag.', examples: [{ contractId: '01JD0000000000000000000002' }] },
);

const keineAufzaehlung =
  'Die Antwort ist immer 202 mit derselben Eingangsbestätigung, ob ein Vertrag passt oder nicht, und ebenso schnell: Die Anfrage speichert die Erklärung nur (mit dem Ereignis `declaration.received`); Zuordnung, Erfassung und E-Mails geschehen danach im Hintergrund. Niemand erfährt so, ob eine Person oder ein Vertrag existiert.';
const drosselung =
  'Höchstens 20 Erklärungen je Anschluss (Quell-IP) in 10 Minuten, danach 429 mit `Retry-After`; die Route ist außerdem im Gateway eigens gedrosselt.';
const zuordnung =
  'Zuordnung: Genau ein Vertrag mit dieser Nummer (ohne Nummer: genau ein unterschriebener Vertrag des Kontakts), dessen Kontakt die angegebene E-Mail-Adresse (Groß- und Kleinschreibung egal) und genau den angegebenen Nachnamen hat.';

const assetNames = v.picklist(['declaration-page.js', 'declaration-page.css']);

export const declarationOperations = {
  'declarations-termination-page': {
    summary: 'Verträge hier kündigen: die Seite',
    description:
      "Die öffentliche Seite der Kündigungsschaltfläche (§ 312k BGB), ohne Anmeldung: Vorname, Nachname, E-Mail-Adresse, Vertragsnummer (freiwillig), Art der Kündigung (mit Grund bei außerordentlicher) und gewünschtes Ende; dann „Jetzt kündigen“. Danach die Eingangsbestätigung mit Datum und Uhrzeit, zum Drucken oder Speichern als Datei. Gleiche Header wie die Unterschriftsseite: Content-Security-Policy ohne Inline-Skript und -Stil, `frame-ancestors 'none'`, `Referrer-Policy: no-referrer`, `Cache-Control: no-store`.",
    success: { status: 200, description: 'Die HTML-Seite.', content: { 'text/html': text } },
  },
  'declarations-withdrawal-page': {
    summary: 'Vertrag widerrufen: die Seite',
    description:
      'Die öffentliche Seite der Widerrufsschaltfläche (§ 356a BGB), ohne Anmeldung: Vorname, Nachname, E-Mail-Adresse, Vertragsnummer (freiwillig); dann „Widerruf bestätigen“. Danach die Eingangsbestätigung wie bei der Kündigung. Gleiche Header wie die Unterschriftsseite.',
    success: { status: 200, description: 'Die HTML-Seite.', content: { 'text/html': text } },
  },
  'declarations-asset': {
    summary: 'Kündigen und Widerrufen: Datei der Seiten',
    description: 'Skript und Stil der beiden Seiten, gzip-komprimiert, wenn der Client es annimmt.',
    path: { asset: { schema: assetNames, text: 'Der Name der Datei.' } },
    success: { status: 200, description: 'Die Datei.', content: { 'text/javascript': text, 'text/css': text } },
    problems: { 404: ['not-found'] },
  },
  'declarations-file-termination': {
    summary: 'Kündigung ohne Anmeldung abgeben',
    description: [
      `Nimmt eine Kündigung über „Verträge hier kündigen“ an. ${keineAufzaehlung}`,
      `${zuordnung} Passt sie, wird die Kündigung wie mit \`POST /api/contracts/{id}/termination\` erfasst: \`receivedOn\` ist der Eingangstag in der Zeitzone des Studios, \`recordedBy\` ist \`customer-online\`. Sonst bleibt sie für das Studio in \`GET /api/declarations\`.`,
      'Sofort geht eine Eingangsbestätigung in Textform an die angegebene Adresse (§ 312k Abs. 4 BGB): Inhalt, Datum und Uhrzeit des Eingangs und, wenn zugeordnet, das Vertragsende; dann auch an die E-Mail-Adresse des Kontakts.',
      drosselung,
    ].join('\n\n'),
    body: TerminationDeclaration,
    success: { status: 202, description: 'Die Eingangsbestätigung.', content: { [json]: Receipt } },
    problems: { 429: ['declarations-rate-limited'] },
  },
  'declarations-file-withdrawal': {
    summary: 'Widerruf ohne Anmeldung abgeben',
    description: [
      `Nimmt einen Widerruf über „Vertrag widerrufen“ an. ${keineAufzaehlung}`,
      `${zuordnung} Ein zugeordneter Widerruf wird wie \`POST /api/contracts/{id}/withdrawal\` erfasst, mit dem Eingangstag in der Zeitzone des Studios und \`recordedBy: "customer-online"\`; nur ein Vertrag mit Widerrufsrecht (\`withdrawal\`) innerhalb der Frist nimmt ihn an, sonst bleibt er für das Studio in \`GET /api/declarations\`. Die Eingangsbestätigung geht in jedem Fall sofort an die angegebene Adresse.`,
      drosselung,
    ].join('\n\n'),
    body: WithdrawalDeclaration,
    success: { status: 202, description: 'Die Eingangsbestätigung.', content: { [json]: Receipt } },
    problems: { 429: ['declarations-rate-limited'] },
  },
  'declarations-list': {
    summary: 'Erklärungen auflisten',
    description:
      'Die über die Schaltflächen eingegangenen Erklärungen, die neuesten zuerst, seitenweise; `status` behält nur die eines Zustands. `unmatched` sind die, die das Studio zuordnen muss.',
    query: {
      schema: DeclarationListQuery,
      fields: {
        ...listQueryDocs('de'),
        status: 'Nur Erklärungen in diesem Zustand: `matched`, `unmatched` oder `assigned`.',
      },
    },
    success: { status: 200, description: 'Eine Seite Erklärungen.', content: { [json]: Declarations } },
    problems: { 400: ['validation-failed', 'invalid-cursor'] },
  },
  'declarations-assign': {
    summary: 'Erklärung einem Vertrag zuordnen',
    description:
      'Erfasst eine nicht zugeordnete Kündigung beim angegebenen Vertrag wie `POST /api/contracts/{id}/termination` (einen Widerruf wie `POST /api/contracts/{id}/withdrawal`), mit dem Eingangstag der Erklärung als `receivedOn` (auch wenn das Tage her ist), und setzt die Erklärung auf `assigned`, in einem Schreibvorgang. 409, wenn die Erklärung schon zugeordnet ist, und in den Fällen der Kündigung (Vertrag nicht unterschrieben, schon gekündigt, beendet) oder des Widerrufs (kein Widerrufsrecht, Frist abgelaufen, schon widerrufen). Ein unbekannter Vertrag ergibt 422.',
    body: Assignment,
    success: {
      status: 200,
      description: 'Der gekündigte Vertrag mit `termination` und `endsOn`.',
      content: { [json]: c.Contract },
      headers: ['etag'],
    },
    problems: { 409: ['conflict'], 422: ['unprocessable'] },
  },
} satisfies Record<RouteNameOf<'declarations'>, OperationDoc>;

/** Loaded by operations.ts by the area's name. */
export const docs: AreaDocs = {
  operations: declarationOperations,
  components: {
    TerminationDeclarationInput: TerminationDeclaration,
    WithdrawalDeclarationInput: WithdrawalDeclaration,
    DeclarationReceipt: Receipt,
    Declaration,
    DeclarationList: Declarations,
    DeclarationAssignmentInput: Assignment,
  },
};
