import { SaxesParser } from 'saxes';
import { validateXML } from 'xmllint-wasm';

/** An element of a parsed XML document: its name, attributes and children in order. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: Array<XmlElement | string>;
}

/**
 * Parses a whole XML document with saxes, a conforming XML 1.0 parser: throws on anything that is not
 * well-formed (a character XML forbids, a bare `&`, an unclosed element…), as feed readers do.
 */
export function readXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  const open: XmlElement[] = [root];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
    };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('closetag', () => open.pop());
  parser.on('text', (text) => open.at(-1)!.children.push(text));
  parser.on('cdata', (text) => open.at(-1)!.children.push(text));
  parser.write(xml).close();
  const [element] = root.children.filter((child) => typeof child !== 'string');
  return element as XmlElement;
}

/** The elements of that name anywhere below `element`, in document order. */
export function elementsNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) =>
    typeof child === 'string' ? [] : [...(child.name === name ? [child] : []), ...elementsNamed(child, name)],
  );
}

/** The element's text, entities decoded. */
export function textOf(element: XmlElement): string {
  return element.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

/** What libxml2's xmllint (the tool feed validators use) reports about the document: nothing when well-formed. */
export async function xmllintErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    normalization: 'c14n',
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}
