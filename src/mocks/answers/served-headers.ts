// An answer's headers as the mock serves them (mock-document.ts): transport headers left out, a number or boolean
// header's enum of texts as values, a list or object header as its text, an example over several lines on one.
import { formEncoding } from "@blockwright/runtime";
import { withValueEnum } from "../../load/text-enum.js";
import { isObject, resolved } from "../mock-form-bodies.js";
import { headerOnOneLine } from "./header-lines.js";

type Node = Record<string, unknown>;

/**
 * An answer's headers as served: transport headers go, which only the server that writes the body may set (a
 * document listing `Content-Encoding: gzip` had the mock send it over a plain body, and every call failed to decode
 * it); a number or boolean header's enum listed as texts lists their values (Prism read its own "410" back as 410,
 * then refused it as not one of `enum: ["410"]`); a list or object header is served as its text (simple style), which
 * Prism cannot make: its own check read a null it made for a `Link` list header and threw outside any handler, which
 * ended the process serving the mock; an example over several lines is served on one (answers/header-lines.ts).
 */
export function servedAnswerHeaders(response: unknown, document: Node): unknown {
  if (!isObject(response) || !isObject(response.headers)) return response;
  let changed = false;
  const headers: Node = {};
  for (const [name, declared] of Object.entries(response.headers)) {
    const found = resolved(declared, document);
    const header = headerOnOneLine(found, document);
    const schema = isObject(header) ? resolved(header.schema, document) : undefined;
    const valued = asText(withValueEnum(schema), header);
    changed ||= TRANSPORT_HEADERS.has(name.toLowerCase()) || valued !== schema || header !== found;
    if (!TRANSPORT_HEADERS.has(name.toLowerCase()))
      headers[name] = valued === schema && header === found ? declared : servedHeader(header as Node, schema, valued);
  }
  return changed ? { ...response, headers } : response;
}

// A Content-Type answer header is ignored by OpenAPI's rule (the media type says it): as a header of its own, Prism
// answered with its made-up value ("string") as the type, and then found no serializer for it (a 500).
const TRANSPORT_HEADERS = new Set([
  "content-type",
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "upgrade",
]);

/** The header with its schema as served; a list or object header's own examples go with its schema (now a text's). */
function servedHeader(header: Node, declared: unknown, schema: unknown): Node {
  const { example: _example, examples: _examples, ...rest } = header;
  const typed = isObject(declared) && (declared.type === "array" || declared.type === "object");
  return { ...(typed ? rest : header), schema };
}

/** A list or object header's schema as the text it is sent as: a string, its example written in simple style. */
function asText(schema: unknown, header: unknown): unknown {
  if (!isObject(schema) || (schema.type !== "array" && schema.type !== "object")) return schema;
  const example = isObject(header) && header.example !== undefined ? header.example : schema.example;
  const text = simpleStyle(example);
  return {
    type: "string",
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    ...(text !== undefined ? { example: text } : {}),
  };
}

/** The value as the runtime writes a header in style simple, not exploded (formEncoding.styledValue). */
function simpleStyle(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return formEncoding.styledValue("", value, { style: "simple", explode: false }, "header");
}
