/*
 * The Widerrufsbelehrung and the Muster-Widerrufsformular in the wording of Anlage 1 and 2 EGBGB (Art. 246a
 * § 1 Abs. 2 EGBGB), filled in with the studio's data, for a contract of services concluded away from the
 * studio. German only, as the mandate's text: the law gives its wording in German. The one place they are
 * written: the remote signing page shows them (as text, never markup) and the signed original prints them.
 */

/** The studio as the notice names it: the addressee of a withdrawal. */
export interface WithdrawalAddressee {
  legalName: string;
  address: { street: string; postalCode: string; city: string; country: string };
  email: string;
  phone: string | null;
}

export interface NoticeSection {
  heading: string;
  paragraphs: string[];
}

export interface WithdrawalNotice {
  heading: string;
  sections: NoticeSection[];
}

const germanDate = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/** Name, postal address, telephone and email, as Gestaltungshinweis 2 of Anlage 1 asks for them. */
export const addresseeLine = (studio: WithdrawalAddressee): string =>
  [
    studio.legalName,
    `${studio.address.street}, ${studio.address.postalCode} ${studio.address.city}`,
    ...(studio.phone ? [`Telefon ${studio.phone}`] : []),
    `E-Mail ${studio.email}`,
  ].join(', ');

/**
 * Anlage 1 EGBGB for services: the period from the conclusion (Gestaltungshinweis 1 b), no goods to send back,
 * the payment for services begun on request (Gestaltungshinweis 6), and the withdrawal button of § 356a BGB
 * (`withdrawalPage`, the public „Vertrag widerrufen“ page) when one is given.
 */
export const withdrawalNotice = (studio: WithdrawalAddressee, withdrawalPage?: string): WithdrawalNotice => ({
  heading: 'Widerrufsbelehrung',
  sections: [
    {
      heading: 'Widerrufsrecht',
      paragraphs: [
        'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
        'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.',
        `Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (${addresseeLine(studio)}) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.`,
        ...(withdrawalPage
          ? [
              `Sie können Ihren Widerruf auch über die Schaltfläche „Vertrag widerrufen“ auf ${withdrawalPage} erklären; wir bestätigen Ihnen dann unverzüglich (z. B. per E-Mail) den Eingang eines solchen Widerrufs.`,
            ]
          : []),
        'Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.',
      ],
    },
    {
      heading: 'Folgen des Widerrufs',
      paragraphs: [
        'Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.',
        'Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen sollen, so haben Sie uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu dem Zeitpunkt, zu dem Sie uns von der Ausübung des Widerrufsrechts hinsichtlich dieses Vertrags unterrichten, bereits erbrachten Dienstleistungen im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht.',
      ],
    },
  ],
});

/** Anlage 2 EGBGB, addressed to the studio, for the contract of `contractNumber`. */
export const withdrawalForm = (studio: WithdrawalAddressee, contractNumber: string): NoticeSection => ({
  heading: 'Muster-Widerrufsformular',
  paragraphs: [
    '(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)',
    `– An ${addresseeLine(studio)}:`,
    `– Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über die Erbringung der folgenden Dienstleistung (Vertrag Nr. ${contractNumber}):`,
    '– Bestellt am (*)/erhalten am (*):',
    '– Name des/der Verbraucher(s):',
    '– Anschrift des/der Verbraucher(s):',
    '– Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier):',
    '– Datum:',
    '(*) Unzutreffendes streichen.',
  ],
});

/**
 * The customer's express request for the service to begin within the period (§ 356 Abs. 4, § 357a Abs. 2 BGB):
 * asked only when the contract starts on or before the period's last day, by a box of its own, never ticked.
 */
export const earlyStartRequest = (startDate: string, periodEndsOn: string): string =>
  `Ich verlange ausdrücklich, dass die Leistungen schon vor Ende der Widerrufsfrist (${germanDate(periodEndsOn)}) ab dem Vertragsbeginn am ${germanDate(startDate)} erbracht werden. Mir ist bekannt, dass ich bei einem Widerruf einen angemessenen Betrag für die bis dahin erbrachten Leistungen zahlen muss.`;

/** Whether the early-start request applies: the service would begin before the withdrawal period ends. */
export const startsWithinPeriod = (startDate: string, periodEndsOn: string): boolean => startDate <= periodEndsOn;
