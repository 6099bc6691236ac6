import type { MailContent } from '../mail/mime-message.ts';
import { defaultTimeZone } from '../studio/schema.ts';
import type { StoredDeclaration, TerminationDeclaration } from './schema.ts';

/** What the confirmation names besides the declaration: the studio and, when matched, the contract's end. */
export interface ConfirmationMail {
  from: string;
  to: string;
  declaration: StoredDeclaration;
  studio: { legalName: string; email: string; timeZone: string } | undefined;
  /** The day the recorded termination or withdrawal ends the contract, when the declaration matched. */
  endsOn: string | null;
  /** Sent to the address on file rather than the one given: so that a termination someone else filed is noticed. */
  toContactOnFile: boolean;
}

const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/**
 * „26.11.2026 um 14:05:09 Uhr MEZ“: § 312k Abs. 4 BGB asks for the date and the time of receipt; the zone is
 * named as the page's receipt names it (MEZ, MESZ).
 */
export const receivedAtText = (receivedAt: string, timeZone: string): string => {
  const parts = new Intl.DateTimeFormat('de-DE', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(new Date(receivedAt));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} um ${part('hour')}:${part('minute')}:${part('second')} Uhr ${part('timeZoneName')}`;
};

const terminationLines = (declaration: TerminationDeclaration): string[] => [
  `Art der Kündigung: ${declaration.kind === 'extraordinary' ? 'außerordentlich (fristlos)' : 'ordentlich'}`,
  ...(declaration.reason ? [`Grund: ${declaration.reason}`] : []),
  `Gewünschtes Vertragsende: ${declaration.endsOn === 'earliest' ? 'zum nächstmöglichen Zeitpunkt' : germanDate(declaration.endsOn)}`,
];

/**
 * The confirmation of a declaration in text form (§ 312k Abs. 4 BGB), in German, as plain text: names and
 * reasons go out exactly as typed, and no mail program renders them as markup.
 */
export const confirmationMail = (mail: ConfirmationMail): MailContent => {
  const { declaration: stored, studio } = mail;
  const content = stored.declaration;
  const termination = stored.type === 'termination';
  const what = termination ? 'Kündigung' : 'Widerruf';
  const studioName = studio?.legalName ?? 'Ihr Studio';
  const outcome =
    mail.endsOn !== null
      ? [
          termination
            ? `Ihr Vertrag endet am ${germanDate(mail.endsOn)}.`
            : `Wir haben Ihren Widerruf erfasst: Ihr Vertrag endet am ${germanDate(mail.endsOn)}.`,
        ]
      : [
          termination
            ? 'Wir ordnen Ihre Kündigung Ihrem Vertrag zu und bestätigen Ihnen das Vertragsende gesondert.'
            : 'Wir ordnen Ihren Widerruf Ihrem Vertrag zu und melden uns bei Ihnen.',
        ];
  return {
    from: mail.from,
    ...(studio ? { fromName: studio.legalName, replyTo: studio.email } : {}),
    to: mail.to,
    subject: `Eingangsbestätigung: Ihr${termination ? 'e Kündigung' : ' Widerruf'} bei ${studioName}`,
    text: [
      `Guten Tag ${content.firstName} ${content.lastName},`,
      '',
      ...(mail.toContactOnFile
        ? [`über die Schaltfläche auf unserer Website ist für Ihren Vertrag folgende Erklärung eingegangen (${what}):`]
        : [`wir bestätigen den Eingang Ihrer Erklärung (${what}):`]),
      '',
      `Eingegangen am ${receivedAtText(stored.receivedAt, studio?.timeZone ?? defaultTimeZone)}`,
      `Name: ${content.firstName} ${content.lastName}`,
      `E-Mail: ${content.email}`,
      `Vertragsnummer: ${content.contractNumber ?? 'nicht angegeben'}`,
      ...(termination ? terminationLines(content as TerminationDeclaration) : []),
      `Eingangsnummer: ${stored.id}`,
      '',
      ...outcome,
      ...(mail.toContactOnFile
        ? [
            '',
            `Wenn Sie diese Erklärung nicht abgegeben haben, melden Sie sich bitte umgehend bei uns${studio ? ` unter ${studio.email}` : ''}.`,
          ]
        : []),
      '',
      'Mit freundlichen Grüßen',
      studioName,
    ].join('\n'),
    attachments: [],
  };
};
