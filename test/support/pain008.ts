import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';

/*
 * A collection's pain.008 file as the bank reads it: validated against ISO 20022's schema with xmllint, and its
 * elements found by path. Without vitest: the bench checks its 2,000-due file with it too.
 */

const schemaPath = 'test/fixtures/iso20022/pain.008.001.08.xsd';

export const ensureXmllint = () => {
  execFileSync('bash', ['infra/local/ensure-test-tools.sh'], { stdio: ['ignore', 'ignore', 'pipe'] });
};

/** xmllint's verdict on the file against ISO 20022's schema: status 0 when it validates. */
export const validateFile = (xml: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'collection-file-')), 'file.xml');
  writeFileSync(path, xml);
  return spawnSync('xmllint', ['--noout', '--schema', schemaPath, path], { encoding: 'utf8' });
};

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export const parseXml = (xml: string): XmlElement => {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  return root.children[0] as XmlElement;
};

export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === name);

/** The one element at `path` (names separated by `/`). */
export const at = (element: XmlElement, path: string): XmlElement =>
  path.split('/').reduce((current, name) => {
    const found = childrenNamed(current, name);
    if (found.length !== 1) throw new Error(`expected exactly one ${name} in ${current.name}`);
    return found[0] as XmlElement;
  }, element);
