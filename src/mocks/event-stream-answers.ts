// A mock's answer that is a stream of server-sent events (`text/event-stream`):
// Prism writes none (a string schema's answer is the word `string`, an object's
// is refused as not acceptable or served as JSON), so the mock serves a text in
// the event stream format made from the document: its own text when its example
// is one, else events whose data is the example or a value made from the schema
// of the data (OpenAPI 3.2's `itemSchema`, else `schema`; an event's fields
// where it has a `data` property). The runtime and the suite read it as a tool
// reads any stream of events (runtime/call/files/event-stream.ts).
import { isObject, resolved } from "./mock-form-bodies.js";

type Node = Record<string, unknown>;

/** Whether a media type is a stream of server-sent events. */
export function isEventStreamMedia(type: string): boolean {
  return (type.split(";")[0] ?? "").trim().toLowerCase() === "text/event-stream";
}

/**
 * The media type object a mock serves for an event stream: a string schema and the stream's text as its example.
 * `sample`: a valid value of the schema at a pointer under the media type (`/schema`, `/itemSchema`).
 */
export function eventStreamServed(
  document: Node,
  media: unknown,
  sample: (under: string) => { value: unknown } | undefined,
): Node {
  const own = isObject(media) ? media : {};
  const named = isObject(own.examples) ? resolved(Object.values(own.examples)[0], document) : undefined;
  const example = own.example !== undefined ? own.example : isObject(named) ? named.value : undefined;
  if (typeof example === "string" && /^(data|event|id|retry)?:/m.test(example))
    return { schema: { type: "string" }, example };
  const key = own.itemSchema !== undefined ? "itemSchema" : "schema";
  const schema = resolved(own[key], document);
  const event = isObject(schema) && isObject(schema.properties) && schema.properties.data !== undefined;
  const value = example !== undefined ? example : own[key] !== undefined ? sample(`/${key}`)?.value : undefined;
  const fields = event && isObject(value) ? value : { data: value };
  return { schema: { type: "string" }, example: eventText(fields) };
}

/**
 * Two events of the fields given (the second with an id and a type of its own), with a comment and a retry before
 * them, as a server may write them: each line the standard parses is there once.
 */
function eventText(fields: Node): string {
  const data =
    fields.data === undefined ? "text" : typeof fields.data === "string" ? fields.data : JSON.stringify(fields.data);
  const lines = (text: string) =>
    text
      .split(/\r\n|\r|\n/)
      .map((line) => `data: ${line}\n`)
      .join("");
  const type = typeof fields.event === "string" && /^[^\r\n]*$/.test(fields.event) ? fields.event : "update";
  return `: a mock's stream\nretry: 1000\n\n${lines(data)}\nevent: ${type}\nid: 2\n${lines(data)}\n`;
}
