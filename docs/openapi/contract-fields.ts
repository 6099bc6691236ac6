import { contentVersions } from '#shared/contracts/content-versions.ts';
import type { FieldDocs } from './describe.ts';

/*
 * The contracts area's field prose (German, like every text of the area; field names and enum values
 * stay English): what contract-components.ts hangs on the schemas.
 */

export const betrag: FieldDocs = {
  amount: 'Betrag in kleinster Währungseinheit (Cent bei EUR), ganze Zahl.',
  currency: 'Währung nach ISO 4217.',
};

export const anschrift: FieldDocs = {
  street: 'Straße und Hausnummer.',
  postalCode: 'Postleitzahl.',
  city: 'Ort.',
  country: 'Land nach ISO 3166-1 Alpha-2.',
};

const feldliste = (fields: readonly string[]) => fields.map((field) => `\`${field}\``).join(', ');

/** Each content version's fields, from the one list in shared/contracts/content-versions.ts. */
export const inhaltsversionen = Object.entries(contentVersions)
  .map(
    ([version, { contractFields, itemFields }]) =>
      `Version ${version}: ${feldliste(contractFields)}; je Position ${feldliste(itemFields)}`,
  )
  .join('. ');

export const hashErklaerung = `Dokument-Hash: \`sha256:\` und der hexadezimale SHA-256 des kanonischen JSON (RFC 8785: sortierte Schlüssel, kein Leerraum) des unveränderlichen Vertragsinhalts, genau der Felder der Inhaltsversion des Vertrags (\`contentVersion\`). ${inhaltsversionen}. Ändert sich ein Byte davon, ändert sich der Hash. Zustand, Unterschriften, Kündigung, Änderungsvereinbarungen und die berechneten Daten gehören nicht dazu; ein Vertrag aus der Zeit vor einem neuen Feld wird mit den Feldern seiner Version geprüft und bleibt gültig.`;

export const frist: FieldDocs = {
  value:
    'Länge der Frist, eine ganze Zahl ≥ 0: höchstens 28 bei `day`, 4 bei `week`, 1 bei `month`. So ist die Frist an jedem Kalendertag höchstens einen Monat lang (§ 309 Nr. 9 Buchst. c BGB); „31 Tage“ wären es vor dem 15. Mai nicht mehr.',
  unit: 'Einheit: `day` (Tage), `week` (Wochen) oder `month` (Monate).',
};

export const datum = (text: string) => `${text} (\`YYYY-MM-DD\`, ein Kalendertag in der Zeitzone des Studios)`;

export const vereinbart = {
  contactId: 'ID des Kontakts, mit dem der Vertrag geschlossen wird. Ein unbekannter Kontakt ergibt 422.',
  startDate:
    'Vertragsbeginn (`YYYY-MM-DD`), ein echtes Kalenderdatum, spätestens 9997-12-31. Der Beginntag zählt zur Mindestlaufzeit (§ 187 Abs. 2 BGB).',
  minimumTermMonths:
    'Mindestlaufzeit in Monaten, 0 bis 24: Ein Verbrauchervertrag über regelmäßige Leistungen darf den Kunden anfangs höchstens zwei Jahre binden (§ 309 Nr. 9 Buchst. a BGB). Ohne Angabe 0 (keine Mindestlaufzeit). Ein freies Vertragsende gibt es nicht: Es könnte weiter als 24 Monate binden.',
  renewal:
    '`indefinite` (ohne Angabe): Nach der Mindestlaufzeit läuft der Vertrag auf unbestimmte Zeit weiter und kann jederzeit mit der Kündigungsfrist enden (§ 309 Nr. 9 Buchst. b BGB). `none`: Der Vertrag endet von selbst mit der Mindestlaufzeit; dafür ist `minimumTermMonths` ≥ 1 nötig (sonst 400).',
  noticePeriod: {
    text: 'Kündigungsfrist; ohne Angabe `{ "value": 1, "unit": "month" }`. Der Tag des Eingangs der Kündigung zählt nicht mit (§ 187 Abs. 1 BGB).',
    fields: frist,
  },
  terms: 'Vertragsbedingungen als Text, höchstens 20 000 Zeichen. Ohne Angabe null.',
  requireStudioSignature:
    'Ob auch das Studio unterschreiben muss, bevor der Vertrag als unterschrieben gilt. Ohne Angabe `false`.',
} as const;

const geld = (text: string) => ({ text, fields: betrag });

/** The items of a price or items change, on the amendment and on the contract's entry of it. */
export const positionen = {
  text: 'Die Positionen ab `effectiveFrom` (Art `price`: die geänderten mit neuem Einzelpreis; Art `items`: alle, kopiert aus den Leistungen wie bei der Vertragserstellung); null bei einer Ruhezeit.',
  fields: {
    serviceId: 'ID der Leistung.',
    name: 'Name der Leistung.',
    unitPrice: geld('Einzelpreis ab `effectiveFrom`.'),
    billingInterval: 'Abrechnungsintervall.',
    quantity: 'Menge.',
    total: geld('Einzelpreis mal Menge.'),
    priceSteps: {
      text: 'Immer `[]`: Preisstufen gibt es nur im Vertrag selbst.',
      fields: { from: 'Erster Tag des Zeitraums.', unitPrice: geld('Einzelpreis.') },
    },
  },
};

export const vertragsfelder = {
  ...vereinbart,
  id: 'ID des Vertrags, eine vom Server vergebene ULID.',
  number:
    'Lesbare Vertragsnummer aus Jahr und laufender Nummer (`2026-000001`): je Kalenderjahr in der Zeitzone des Studios lückenlos, atomar mit dem Vertrag vergeben. Ein Vertrag von 00:30 Uhr Berliner Zeit am 1. Januar gehört zum neuen Jahr.',
  studio: {
    text: 'Kopie des Studioprofils bei Vertragserstellung (ohne dessen Serverfelder): das Studio als Vertragspartei. Spätere Änderungen am Profil ändern den Vertrag nicht; alle Daten des Vertrags gelten in der Zeitzone dieser Kopie.',
    fields: {
      legalName: 'Firma des Studios.',
      address: { text: 'Anschrift des Studios.', fields: anschrift },
      email: 'E-Mail-Adresse des Studios.',
      phone: 'Telefonnummer oder null.',
      website: 'Website (https) oder null.',
      vatId: 'Umsatzsteuer-Identifikationsnummer oder null.',
      registerEntry: 'Registereintrag (etwa „Amtsgericht Berlin HRB 12345“) oder null.',
      representedBy: 'Vertretungsberechtigte Person oder null.',
      timeZone: 'IANA-Zeitzone des Studios, etwa `Europe/Berlin`: In ihr gilt „heute“ für alle Daten dieses Vertrags.',
    },
  },
  contact: {
    text: 'Kopie des Kontakts bei Vertragserstellung; spätere Änderungen am Kontakt ändern den Vertrag nicht.',
    fields: {
      firstName: 'Vorname.',
      lastName: 'Nachname.',
      email: 'E-Mail-Adresse oder null.',
      address: { text: 'Anschrift oder null.', fields: anschrift },
    },
  },
  items: {
    text: 'Die Positionen, kopiert aus den Leistungen bei Vertragserstellung: Spätere Preisänderungen ändern den Vertrag nicht.',
    fields: {
      serviceId: 'ID der Leistung.',
      name: 'Name der Leistung bei Vertragserstellung.',
      unitPrice: geld('Einzelpreis bei Vertragserstellung.'),
      billingInterval: 'Abrechnungsintervall: `once`, `week`, `month`, `quarter` oder `year`.',
      quantity: 'Menge.',
      total: geld('Einzelpreis mal Menge.'),
      priceSteps: {
        text: 'Bei Vertragsschluss vereinbarte Preisstufen, aufsteigend (0 bis 10): der Einzelpreis ab dem Abrechnungszeitraum, der am `from` beginnt („ab dem 13. Monat 45,00 €“). Teil des Dokument-Hashs (ab Inhaltsversion 2) und in der Kopie aufgeführt; ein vor Version 2 geschlossener Vertrag zeigt `[]`.',
        fields: {
          from: datum('Erster Tag des Abrechnungszeitraums, ab dem der Preis gilt'),
          unitPrice: geld('Einzelpreis ab diesem Tag.'),
        },
      },
    },
  },
  totals: {
    text: 'Summe der Positionen je Abrechnungsintervall; nur Intervalle, die vorkommen. Alle Positionen haben dieselbe Währung.',
    fields: {
      once: geld('Einmalig.'),
      week: geld('Je Woche.'),
      month: geld('Je Monat.'),
      quarter: geld('Je Quartal.'),
      year: geld('Je Jahr.'),
    },
  },
  contactId: 'ID des Kontakts.',
  pauses: {
    text: 'Die vereinbarten Ruhezeiten (nur unterschriebene Änderungsvereinbarungen der Art `pause`), älteste zuerst. Ihre Tage kosten keinen Beitrag, nur die Ruhezeitgebühr; mit `extendsTerm` verlängern sie die Mindestlaufzeit um ihre Tage.',
    fields: {
      amendmentId: 'ID der Änderungsvereinbarung.',
      from: datum('Erster Tag der Ruhezeit'),
      lastDay: datum('Letzter Tag der Ruhezeit; nach einem vorzeitigen Ende dessen Tag'),
      extendsTerm: 'Ob die Mindestlaufzeit sich um die Tage der Ruhezeit verlängert.',
      monthlyFee: geld('Ruhezeitgebühr je Monat, anteilig für die Tage der Ruhezeit.'),
    },
  },
  amendments: {
    text: 'Die vereinbarten Änderungen (Status `agreed`), älteste zuerst; alle, auch angebotene und abgelehnte: `GET /api/contracts/{id}/amendments`.',
    fields: {
      id: 'ID der Änderungsvereinbarung.',
      number: 'Ihre Nummer, `<Vertragsnummer>-A<k>`.',
      kind: '`pause`, `price` oder `items`.',
      status: 'Immer `agreed`: nur vereinbarte Änderungen gelten.',
      effectiveFrom: datum('Ab diesem Tag gilt die Änderung'),
      items: {
        ...positionen,
        text: `${positionen.text} Der Vertrag hält so seinen ganzen Zahlungsplan selbst: Fälligkeiten, Einzüge und das Beitragskonto rechnen ohne die Änderungsvereinbarungen zu lesen.`,
      },
    },
  },
  contentVersion:
    'Inhaltsversion: welche Felder der Dokument-Hash abdeckt (siehe `documentHash`). Neue Verträge haben 2; ein Vertrag, der vor der Einführung dieses Felds geschlossen wurde, zeigt 1.',
  createdAt: 'Zeitpunkt der Erstellung (RFC 3339, UTC, Millisekunden); Teil des Dokument-Hashs.',
  status:
    'Zustand: `pending` (wartet auf Unterschriften) → `signed` (der Kunde hat unterschrieben, und das Studio, falls `requireStudioSignature`). Ein `pending`-Angebot kann storniert werden (`cancelled`); ein `signed`-Vertrag wird gekündigt (`terminated`: Die Kündigung ist eingegangen, der Vertrag läuft bis `endsOn`), und die Rücknahme der Kündigung macht ihn wieder `signed`. Ein außerhalb des Studios geschlossener Vertrag kann innerhalb der Widerrufsfrist widerrufen werden (`withdrawn`: er endet mit dem Eingang des Widerrufs). Der Zustand ändert sich nie von selbst: Ist `endsOn` vorüber, ist der Vertrag beendet, auch wenn er noch `signed` oder `terminated` heißt.',
  termination: {
    text: 'Die Kündigung, solange sie besteht; sonst null (auch nach ihrer Rücknahme).',
    fields: {
      kind: '`ordinary` (ordentlich, mit Frist) oder `extraordinary` (außerordentlich aus wichtigem Grund, § 314 BGB).',
      receivedOn: datum('Tag, an dem die Kündigung beim Studio einging'),
      endsOn: datum('Letzter Vertragstag: zu diesem Tag wirkt die Kündigung'),
      reason: 'Grund der Kündigung, oder null.',
      recordedAt: 'Zeitpunkt der Erfassung (RFC 3339, UTC).',
      recordedBy: '`sub` des Benutzers, der die Kündigung erfasst hat.',
    },
  },
  withdrawal: {
    text: 'Das Widerrufsrecht eines außerhalb des Studios geschlossenen Vertrags (§§ 312b, 312c, 312g, 355 BGB); null bei einem am Tresen unterschriebenen Vertrag, der keines hat.',
    fields: {
      periodEndsOn: `${datum('Letzter Tag der Widerrufsfrist')}: der Tag der Unterschrift in der Zeitzone des Studios + 14 Tage (§ 355 Abs. 2, § 356 Abs. 2 Nr. 2, § 187 Abs. 1 BGB).`,
      requestedEarlyStart:
        'Ob der Kunde ausdrücklich verlangt hat, dass die Leistung vor Ablauf der Widerrufsfrist beginnt (§ 356 Abs. 4, § 357a Abs. 2 BGB): nur dann schuldet er nach einem Widerruf die Zeit bis dahin anteilig.',
      withdrawnAt: 'Zeitpunkt, zu dem der Widerruf erfasst wurde (RFC 3339, UTC), sonst null.',
      receivedOn: `${datum('Tag, an dem der Widerruf beim Studio einging')}, sonst null; zugleich der letzte Vertragstag.`,
      recordedBy:
        '`sub` des Benutzers, der den Widerruf erfasst hat, `customer-online` für die Schaltfläche „Vertrag widerrufen“, sonst null.',
    },
  },
  account: {
    text: 'Das Mitgliedskonto des Vertrags, wie zuletzt gebucht (`GET /api/contracts/{id}/account` zeigt die Buchungen und bucht vorher, was seither fällig wurde). Eine Einlassprüfung kann am `overdue` einen Zahlungsrückstand erkennen. Buchungen ändern weder `version` noch `updatedAt` des Vertrags.',
    fields: {
      balance: {
        text: 'Saldo: die Summe aller Buchungen; positiv schuldet das Mitglied, negativ hat es ein Guthaben.',
        fields: { amount: 'Cent, ganze Zahl, auch negativ.', currency: 'Immer `EUR`.' },
      },
      overdue: {
        text: 'Rückstand: was von zurückgegebenen Fälligkeiten und Gebühren noch offen ist, älteste zuerst verrechnet; nie negativ. Eine Fälligkeit, die auf ihren ersten Einzug wartet, ist nicht rückständig.',
        fields: { amount: 'Cent, ganze Zahl.', currency: 'Immer `EUR`.' },
      },
      dunningLevel:
        'Mahnstufe: 0 nichts rückständig, 1 nach der ersten Erinnerung, 2 nach der zweiten, 3 an ein Inkassobüro übergeben; zurück auf 0, sobald `overdue` 0 ist (außer nach der Übergabe).',
      inCollection: 'Ob die Forderung einem Inkassobüro übergeben ist.',
    },
  },
  minimumTermEndsOn: `${datum('Letzter Tag der Mindestlaufzeit')}: der Tag vor dem Tag mit der Zahl des Beginns N Monate später, oder der Monatsletzte, wo dieser Tag fehlt (§ 188 Abs. 2, 3 BGB). Null bei \`minimumTermMonths\` 0. Berechnet, nicht Teil des Hashs.`,
  endsOn: `${datum('Letzter Vertragstag')}: \`termination.endsOn\` bei einer Kündigung, sonst das Ende der Mindestlaufzeit bei \`renewal: "none"\`; null, solange der Vertrag auf unbestimmte Zeit läuft, und bei stornierten Verträgen. Berechnet, nicht Teil des Hashs.`,
  earliestEndOn: `${datum('Frühestes Vertragsende')} für eine heute eingehende Kündigung (siehe Kündigungsvorschau), auch für \`pending\`-Verträge; null bei gekündigten und stornierten Verträgen. Berechnet mit „heute“ in der Zeitzone des Studios, nicht Teil des Hashs.`,
  documentHash: `${hashErklaerung} Wer unterschreibt, sendet ihn mit: Unterschrieben wird genau, was angezeigt wurde.`,
  createdBy: '`sub` des Benutzers, der den Vertrag angelegt hat.',
  cancelledAt: 'Zeitpunkt der Stornierung, sonst null.',
  cancellationReason: 'Grund der Stornierung, sonst null.',
  cancelledBy: '`sub` des Benutzers, der storniert hat, sonst null.',
  updatedAt: 'Zeitpunkt der letzten Änderung (Unterschrift, Stornierung, Kündigung oder ihre Rücknahme, Widerruf).',
  version:
    '1 bei Erstellung, +1 bei jeder Unterschrift, Stornierung, Kündigung, Rücknahme einer Kündigung und jedem Widerruf; das `ETag` des Vertrags.',
} as const;

export const kopiefelder = {
  id: 'ID des Versands.',
  to: 'Die Adresse, an die das PDF ging.',
  sentAt: 'Zeitpunkt des Versands.',
  messageId: 'Die Kennung der Nachricht beim Maildienst (Amazon SES; lokal der Name der Datei im Postausgang).',
} as const;
