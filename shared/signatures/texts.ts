import { areaTexts, type GermanTexts } from '../messages/index.ts';

/**
 * The texts of the signature image check (parse-signature-image.ts): one text per reason of refusal, keyed
 * by the reason. Shown in German by contracts and signing; English for a complete catalogue.
 * The German entries have exactly the English keys, each with the same parameters.
 */
export const en = {
  invalid: 'The signature is not a valid image',
  'not-a-data-url': 'Must be a data:image/png;base64 or data:image/svg+xml;base64 URL',
  empty: 'The image is empty',
  'too-large': 'The image is larger than 100 KiB',
  'png-signature': 'The data is not a valid PNG: the PNG signature is missing',
  'png-truncated': 'The data is not a valid PNG: a chunk is cut off',
  'png-chunk-type': 'The data is not a valid PNG: a chunk has an invalid type',
  'png-crc': (chunk: string) => `The data is not a valid PNG: the checksum (CRC) of chunk ${chunk} is wrong`,
  'png-header': 'The data is not a valid PNG: the IHDR chunk is missing at the start or invalid',
  'png-dimensions': (max: number, size: string) =>
    `The PNG must be between 1 × 1 and ${max} × ${max} pixels, not ${size}`,
  'png-chunk-order': (chunk: string) => `The data is not a valid PNG: chunk ${chunk} is invalid or in the wrong place`,
  'png-unknown-critical-chunk': (chunk: string) => `The data is not a valid PNG: unknown critical chunk ${chunk}`,
  'png-after-end': (count: string) => `The data is not a valid PNG: ${count} bytes follow the IEND chunk`,
  'png-no-end': 'The data is not a valid PNG: the IEND chunk at the end is missing',
  'svg-encoding': (declared: string) =>
    declared ? `The SVG must be encoded in UTF-8, not ${declared}` : 'The SVG is not valid UTF-8',
  'svg-malformed': (position: string) => `The SVG is not well-formed XML (error at character ${position})`,
  'svg-doctype': 'The SVG must not contain a DOCTYPE declaration',
  'svg-processing-instruction': 'The SVG must not contain processing instructions other than the XML declaration',
  'svg-cdata': 'The SVG must not contain CDATA sections',
  'svg-entity': (reference: string) => `The SVG must not use entities: ${reference}`,
  'svg-too-deep': (maxDepth: number) => `The SVG is nested deeper than ${maxDepth} levels`,
  'svg-root': (name: string) => `The root element must be <svg xmlns="http://www.w3.org/2000/svg">, not ${name}`,
  'svg-namespace': (namespace: string) => `The SVG contains a namespace that is not allowed: ${namespace}`,
  'svg-element': (name: string) => `The SVG contains an element that is not allowed: ${name}`,
  'svg-attribute': (name: string) => `The SVG contains an attribute that is not allowed: ${name}`,
  'svg-attribute-value': (name: string) => `The attribute ${name} contains a value that is not allowed`,
  'svg-text': (name: string) => `The element ${name} must not contain text`,
} as const;

const noPng = 'Die Daten sind kein gültiges PNG';

export const de = {
  invalid: 'Die Unterschrift ist kein gültiges Bild',
  'not-a-data-url': 'Muss eine data:image/png;base64- oder data:image/svg+xml;base64-URL sein',
  empty: 'Das Bild ist leer',
  'too-large': 'Das Bild ist größer als 100 KiB',
  'png-signature': 'Die Daten sind kein gültiges PNG: die PNG-Signatur fehlt',
  'png-truncated': 'Die Daten sind kein gültiges PNG: ein Chunk ist abgeschnitten',
  'png-chunk-type': 'Die Daten sind kein gültiges PNG: ein Chunk hat einen ungültigen Typ',
  'png-crc': (chunk) => `${noPng}: die Prüfsumme (CRC) des Chunks ${chunk} stimmt nicht`,
  'png-header': 'Die Daten sind kein gültiges PNG: der IHDR-Chunk fehlt am Anfang oder ist ungültig',
  'png-dimensions': (max, size) => `Das PNG muss zwischen 1 × 1 und ${max} × ${max} Pixel groß sein, nicht ${size}`,
  'png-chunk-order': (chunk) => `${noPng}: der Chunk ${chunk} ist ungültig oder steht an der falschen Stelle`,
  'png-unknown-critical-chunk': (chunk) => `${noPng}: unbekannter kritischer Chunk ${chunk}`,
  'png-after-end': (count) => `${noPng}: nach dem IEND-Chunk folgen noch ${count} Bytes`,
  'png-no-end': 'Die Daten sind kein gültiges PNG: der IEND-Chunk am Ende fehlt',
  'svg-encoding': (declared) =>
    declared ? `Das SVG muss in UTF-8 kodiert sein, nicht ${declared}` : 'Das SVG ist kein gültiges UTF-8',
  'svg-malformed': (position) => `Das SVG ist kein wohlgeformtes XML (Fehler bei Zeichen ${position})`,
  'svg-doctype': 'Das SVG darf keine DOCTYPE-Deklaration enthalten',
  'svg-processing-instruction': 'Das SVG darf außer der XML-Deklaration keine Verarbeitungsanweisungen enthalten',
  'svg-cdata': 'Das SVG darf keine CDATA-Abschnitte enthalten',
  'svg-entity': (reference) => `Das SVG darf keine Entities verwenden: ${reference}`,
  'svg-too-deep': (maxDepth) => `Das SVG ist tiefer als ${maxDepth} Ebenen verschachtelt`,
  'svg-root': (name) => `Das Wurzelelement muss <svg xmlns="http://www.w3.org/2000/svg"> sein, nicht ${name}`,
  'svg-namespace': (namespace) => `Das SVG enthält einen nicht erlaubten Namensraum: ${namespace}`,
  'svg-element': (name) => `Das SVG enthält ein nicht erlaubtes Element: ${name}`,
  'svg-attribute': (name) => `Das SVG enthält ein nicht erlaubtes Attribut: ${name}`,
  'svg-attribute-value': (name) => `Das Attribut ${name} enthält einen nicht erlaubten Wert`,
  'svg-text': (name) => `Das Element ${name} darf keinen Text enthalten`,
} as const satisfies GermanTexts<typeof en>;

export const signatureImageTexts = areaTexts(
  typeof __STUDIO_LANGUAGE__ === 'undefined' ? { en, de } : __STUDIO_LANGUAGE__ === 'de' ? { de } : { en },
);
