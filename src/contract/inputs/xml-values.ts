// What of a value an XML body carries: text, read back by the schema's types at the places the schema names. A value
// that reads back otherwise (a field the schema does not type, read as text; null, written as no element; a key no
// element name spells) or that XML cannot carry at all (a control character) is not sent as given, and the derived
// values leave it out, as they leave out what a form cannot carry (sendable-values.ts).
import { isDeepStrictEqual } from "node:util";
import { type ParamSpec, parsePointer, type ToolSpec, xmlBodies } from "@blockwright/runtime/internal";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import { xmlBodyValue } from "../../judge/xml-body.js";
import { requestMedia } from "./document-places.js";

/** Whether a body parameter's value of an XML body reads back as given; true for any other parameter. */
export function xmlReadsBack(doc: OpenApiDocument, tool: ToolSpec, param: ParamSpec, value: unknown): boolean {
  if (tool.body?.encoding !== "xml" || param.wire.in !== "body") return true;
  if (xmlBodies.problem({ ...tool, params: [param] }, { [param.name]: value })) return false;
  const op = doc.operations.get(tool.operationId);
  const schema = op ? requestMedia(doc, op)?.schema : undefined;
  if (schema === undefined) return true;
  const segments = parsePointer(param.wire.pointer ?? `/${param.name}`);
  let body: unknown = value;
  for (const key of [...segments].reverse()) body = { [key]: body };
  const read = xmlBodyValue(xmlBodies.write(body, tool.body.xml), schema as Schema, doc.source.data);
  if ("miss" in read) return false;
  let got: unknown = read.value;
  for (const key of segments) got = got !== null && typeof got === "object" ? (got as Schema)[key] : undefined;
  return isDeepStrictEqual(got, JSON.parse(JSON.stringify(value)));
}
