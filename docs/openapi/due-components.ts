import { DueList, DueRecord } from '#shared/contracts/dues/dues-schema.ts';
import { type Component, component } from './components.ts';
import { betrag, datum } from './contract-fields.ts';

// Die Fälligkeiten eines Vertrags (docs/sepa.md): aus dem Vertrag berechnet, gespeichert erst mit dem Einzug.

const beispielFaelligkeit = {
  id: '2026-000001-20270131',
  dueOn: '2027-01-31',
  periodStart: '2027-01-31',
  periodEnd: '2027-02-28',
  amount: { amount: 4900, currency: 'EUR' },
  lines: [
    { serviceId: '01JD4Z7B2C5D8E1F4G7H0J3K6M', name: 'Mitgliedschaft', amount: { amount: 4900, currency: 'EUR' } },
  ],
  status: 'planned' as const,
  collectionId: null,
  returnedOn: null,
  returnReason: null,
  representations: 0,
  collectable: true,
  preNotifiedOn: null,
};

const Due = component(
  DueRecord,
  'Due',
  {
    id: 'ID der Fälligkeit: Vertragsnummer und Fälligkeitstag (`2026-000001-20270131`), in der Lastschriftdatei die `EndToEndId`. Fallen Fälligkeiten verschiedener Abrechnungsintervalle auf einen Tag (immer der Beginn, wenn ein Vertrag Intervalle mischt), trägt jede den Buchstaben ihres Intervalls: `-E` einmalig, `-W`, `-M`, `-Q`, `-J`. Eine ID ändert sich nie.',
    dueOn: datum('Fälligkeitstag: der erste Tag des Zeitraums, denn es wird im Voraus abgerechnet'),
    periodStart: datum('Erster Tag des Abrechnungszeitraums'),
    periodEnd: datum(
      'Letzter Tag des Abrechnungszeitraums, gezählt wie §§ 187 Abs. 2, 188 Abs. 2, 3 BGB zählen (ab dem 31.01. ein Monat bis 28.02.); bei einmaligen Positionen der Beginn. Auch bei einer anteiligen Fälligkeit das Ende des Zeitraums: Sie deckt die Tage von `periodStart` bis zum Vertragsende (`endsOn` des Vertrags)',
    ),
    amount: {
      text: 'Summe der Zeilen. Endet der Vertrag im Zeitraum, ist jede Zeile anteilig nach Tagen berechnet (Betrag × Tage ÷ Tage des Zeitraums, kaufmännisch auf den Cent gerundet).',
      fields: betrag,
    },
    lines: {
      text: 'Die Positionen dieses Abrechnungsintervalls (Positionen mit demselben Intervall teilen sich eine Fälligkeit je Zeitraum).',
      fields: {
        serviceId: 'ID der Leistung.',
        name: 'Name der Leistung, wie der Vertrag ihn kopiert hat.',
        amount: { text: 'Betrag der Position für diesen Zeitraum (mit Menge).', fields: betrag },
      },
    },
    status:
      '`planned` (noch nicht eingezogen), `collected` (eingezogen), `returned` (Rücklastschrift) oder `settled` (über das Mitgliedskonto beglichen: Zahlung, Gutschrift, Ausbuchung; wird nie mehr eingezogen). Solange es keine Einzüge gibt, ist jede Fälligkeit `planned`.',
    collectionId: 'ID des Einzugs, der die Fälligkeit enthält, oder null.',
    returnedOn: 'Tag der Rücklastschrift (`YYYY-MM-DD`), oder null.',
    returnReason: 'Rückgabegrund der Bank (ISO-20022-Code, etwa `AC04`), oder null.',
    representations:
      'Wie oft die Fälligkeit nach einer Rücklastschrift erneut eingezogen wurde: 0 bis 2 (höchstens drei Versuche insgesamt).',
    collectable:
      'Ob die Fälligkeit noch per Lastschrift eingezogen wird. `false` nach einem Rückgabegrund außer `AM04` und `MS03` (`returnReason` nennt ihn), nach der dritten Rücklastschrift oder wenn ein Teil bar, per Karte oder Überweisung bezahlt wurde: Dann wartet sie auf eine Zahlung, ein neues Mandat oder das Studio.',
    preNotifiedOn: datum(
      'Tag, an dem die Vorabankündigung des erneuten Einzugs nach einer Rücklastschrift per E-Mail ging, sonst null; ein Einzug nimmt die Fälligkeit frühestens `preNotificationDays` danach',
    ),
  },
  {
    text: 'Eine Fälligkeit eines Vertrags: was an einem Tag für einen Zeitraum zu zahlen ist.',
    examples: [beispielFaelligkeit],
  },
);

export const dueComponents = {
  Due,
  DueList: component(
    DueList,
    'DueList',
    { items: { text: 'Die Fälligkeiten im Zeitraum, älteste zuerst.', ref: Due.documented } },
    {
      text: 'Die Fälligkeiten eines Vertrags in einem Zeitraum, älteste zuerst.',
      examples: [
        {
          items: [
            beispielFaelligkeit,
            {
              ...beispielFaelligkeit,
              id: '2026-000001-20270301',
              dueOn: '2027-03-01',
              periodStart: '2027-03-01',
              periodEnd: '2027-03-30',
            },
          ],
        },
      ],
    },
  ),
} satisfies Record<string, Component>;
