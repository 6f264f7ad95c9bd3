import fs from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const XSD_DIR = new URL('../fixtures/xsd/', import.meta.url);

/**
 * The problems libxml2 (compiled to WebAssembly, so no xmllint on the machine) finds in a
 * document against one of the schemas in test/fixtures/xsd; empty when it is valid.
 */
export async function xsdErrors(xml: string, schemaFile: string): Promise<string[]> {
  const schema = fs.readFileSync(new URL(schemaFile, XSD_DIR), 'utf8');
  const result = await validateXML({ xml: { fileName: 'document.xml', contents: xml }, schema: { fileName: schemaFile, contents: schema } });
  // A document that does not parse, or a schema that does not compile, must not pass as valid.
  if (!result.valid && result.errors.length === 0) return [result.rawOutput || 'xmllint failed without a message'];
  return result.errors.map((error) => error.rawMessage);
}
