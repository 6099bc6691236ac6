import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The signing area's own texts: shown in German, the area's language; English for a complete catalogue.
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  linkInvalid: 'This link is invalid, expired or already used. Please ask the studio for a new link.',
  contractNotPending: 'Only a contract that is not signed yet (pending) can be signed',
  documentHashMismatch: 'The document hash does not match the contract of this link',
  noSuchFile: 'The signing page has no such file',
  noMandate: 'This link includes no SEPA direct debit mandate to sign',
  contractFirst: 'Please sign the contract first, then the mandate',
  onlyRemote: 'Only for a remote session (channel "remote")',
  noLinkAddress: 'The contact has no email address to send the signing link to',
  linkAddressRequired: 'Required: the contact has no email address',
  earlyStartOnlyRemote:
    'Only a contract signed away from the studio has a withdrawal period in which the service could begin',
  amendmentCustomerOnly: 'Only the customer signs an amendment (role "customer")',
  noSuchAmendment: 'No amendment of this contract has this id',
  noAmendment: 'This link includes no amendment to agree to or decline',
  amendmentLink: 'This link is for an amendment: it is agreed to or declined, the contract is not signed again',
} as const;

export const de = {
  linkInvalid:
    'Dieser Link ist ungültig, abgelaufen oder schon verwendet. Bitte lassen Sie sich vom Studio einen neuen Link geben.',
  contractNotPending: 'Nur ein noch nicht unterschriebener Vertrag (pending) kann unterschrieben werden',
  documentHashMismatch: 'Der Dokument-Hash entspricht nicht dem Vertrag dieses Links',
  noSuchFile: 'Diese Datei gehört nicht zur Unterschriftsseite',
  noMandate: 'Zu diesem Link gehört kein SEPA-Lastschriftmandat zum Unterschreiben',
  contractFirst: 'Bitte unterschreiben Sie zuerst den Vertrag, danach das Mandat',
  onlyRemote: 'Nur für eine Sitzung aus der Ferne (channel "remote")',
  noLinkAddress: 'Der Kontakt hat keine E-Mail-Adresse, an die der Link zum Unterschreiben gehen könnte',
  linkAddressRequired: 'Pflichtfeld: Der Kontakt hat keine E-Mail-Adresse',
  earlyStartOnlyRemote:
    'Nur ein außerhalb des Studios geschlossener Vertrag hat eine Widerrufsfrist, in der die Leistung beginnen könnte',
  amendmentCustomerOnly: 'Nur die Kundin oder der Kunde unterschreibt eine Änderungsvereinbarung (role "customer")',
  noSuchAmendment: 'Keine Änderungsvereinbarung dieses Vertrags hat diese ID',
  noAmendment: 'Zu diesem Link gehört keine Änderungsvereinbarung zum Zustimmen oder Ablehnen',
  amendmentLink:
    'Dieser Link gilt einer Änderungsvereinbarung: Ihr wird zugestimmt oder sie wird abgelehnt, der Vertrag wird nicht erneut unterschrieben',
} as const satisfies GermanTexts<typeof en>;

export const signingTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
