/**
 * The little XML the collection file needs: elements with text or children and an attribute or
 * two. A general XML builder would bring some 300 KB (xmlbuilder2) for what escaping five
 * characters does; the file's shape is fixed by the schema, and the tests validate it against it.
 */
export type XmlNode = {
  name: string;
  attributes?: Readonly<Record<string, string>>;
  children: readonly XmlNode[] | string;
};

const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (value: string): string => value.replace(/[&<>"']/g, (character) => entities[character] ?? character);

export const element = (
  name: string,
  children: readonly XmlNode[] | string,
  attributes?: Readonly<Record<string, string>>,
): XmlNode => (attributes ? { name, attributes, children } : { name, children });

const serialise = (node: XmlNode): string => {
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const content = typeof node.children === 'string' ? escapeXml(node.children) : node.children.map(serialise).join('');
  return `<${node.name}${attributes}>${content}</${node.name}>`;
};

/** The document as UTF-8 XML text with its declaration, without indentation (banks do not need it). */
export const xmlDocument = (root: XmlNode): string => `<?xml version="1.0" encoding="UTF-8"?>\n${serialise(root)}\n`;
