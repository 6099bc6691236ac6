import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The field messages of the SEPA fields (fields.ts) as the studio's `sepa` and a contract's
 * `directDebit` answer them: English for the studio, German for contracts. Only the two functions
 * that check these fields carry them (studio-put, contracts-create).
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  creditorId: 'Must be a SEPA creditor identifier with valid check digits (e.g. DE98ZZZ09999999999)',
  ibanType: 'Must be a string',
  ibanFormat: 'Must be an IBAN: 2 letters of the country, 2 check digits, then letters and digits',
  ibanCountry: 'Must be the IBAN of an account in a SEPA country',
  ibanLength: 'Has the wrong length for an IBAN of its country',
  ibanChecksum: 'Has wrong check digits: the IBAN is mistyped (MOD 97)',
  ibanStructure: "Does not have its country's IBAN structure",
  bic: 'Must be a BIC of 8 or 11 characters (e.g. DEUTDEFF or DEUTDEFF500)',
  preNotificationDays: 'Must be a whole number from 1 to 14',
} as const;

export const de = {
  creditorId: 'Muss eine Gläubiger-Identifikationsnummer mit gültigen Prüfziffern sein (z. B. DE98ZZZ09999999999)',
  ibanType: 'Muss eine Zeichenkette sein',
  ibanFormat: 'Muss eine IBAN sein: 2 Buchstaben des Landes, 2 Prüfziffern, dann Buchstaben und Ziffern',
  ibanCountry: 'Muss die IBAN eines Kontos in einem SEPA-Land sein',
  ibanLength: 'Hat nicht die Länge einer IBAN ihres Landes',
  ibanChecksum: 'Hat falsche Prüfziffern: die IBAN ist vertippt (MOD 97)',
  ibanStructure: 'Hat nicht den Aufbau einer IBAN ihres Landes',
  bic: 'Muss eine BIC mit 8 oder 11 Zeichen sein (z. B. DEUTDEFF oder DEUTDEFF500)',
  preNotificationDays: 'Muss eine ganze Zahl von 1 bis 14 sein',
} as const satisfies GermanTexts<typeof en>;

export const sepaTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);

/** The messages of `sepaIban`, one per problem. */
export const ibanFieldMessages = () => ({
  type: sepaTexts.schemaMessage('ibanType'),
  format: sepaTexts.schemaMessage('ibanFormat'),
  country: sepaTexts.schemaMessage('ibanCountry'),
  length: sepaTexts.schemaMessage('ibanLength'),
  checksum: sepaTexts.schemaMessage('ibanChecksum'),
  structure: sepaTexts.schemaMessage('ibanStructure'),
});
