// A multipart part's Content-Type is one record (part-content-type.ts) that three readers share: the link (the type
// it tells the runtime to send), the request judge (the types it accepts) and the changes (the type an upstream edit
// moves). Over a table of part schemas, 3.0's and 3.1's forms, with and without an encoding, the three agree with the
// record and with each other: a new rule reaches all three at once.
import { describe, expect, it } from "vitest";
import { documentChanges } from "../../changes/document-diff.js";
import { requestJudge } from "../../judge/judge.js";
import { multipartPartTypes } from "../../link/wire/part-types.js";
import { OpenApiDocument } from "../openapi-document.js";
import { parseYamlSource } from "../yaml-source.js";
import { resolved, typesOf } from "./json-types.js";
import { defaultPartType } from "./part-content-type.js";

type Json = Record<string, unknown>;

interface Row {
  name: string;
  openapi: "3.0.3" | "3.1.0";
  schema: Json;
  encoding?: Json;
  /** The part's type all three settle on. */
  type: string;
  /** Whether a part of any type is taken (bytes: a file says its own type). */
  anyType?: true;
  /** The part as sent: its text, or a file. */
  value: string;
  file?: true;
}

const FOREIGN = "application/x-zq-foreign";
const ROWS: Row[] = [
  { name: "a 3.0 text", openapi: "3.0.3", schema: { type: "string" }, type: "text/plain", value: "zqtext" },
  { name: "a 3.0 integer", openapi: "3.0.3", schema: { type: "integer" }, type: "text/plain", value: "7" },
  {
    name: "a 3.0 object",
    openapi: "3.0.3",
    schema: { type: "object", properties: { zqa: { type: "string" } } },
    type: "application/json",
    value: '{"zqa":"x"}',
  },
  {
    name: "3.0 bytes (format binary)",
    openapi: "3.0.3",
    schema: { type: "string", format: "binary" },
    type: "application/octet-stream",
    anyType: true,
    value: "zqbytes",
    file: true,
  },
  {
    name: "3.0 base64 (format byte)",
    openapi: "3.0.3",
    schema: { type: "string", format: "byte" },
    type: "application/octet-stream",
    anyType: true,
    value: "enE=",
  },
  {
    name: "a 3.0 union that may be a file",
    openapi: "3.0.3",
    schema: {
      oneOf: [
        { type: "string", format: "binary" },
        { type: "string", format: "uri" },
      ],
    },
    type: "application/octet-stream",
    anyType: true,
    value: "https://zq.test/x",
  },
  {
    name: "a 3.0 text its encoding types",
    openapi: "3.0.3",
    schema: { type: "string" },
    encoding: { contentType: "text/markdown" },
    type: "text/markdown",
    value: "# zq",
  },
  {
    name: "a 3.1 text or null",
    openapi: "3.1.0",
    schema: { type: ["string", "null"] },
    type: "text/plain",
    value: "z",
  },
  {
    name: "3.1 bytes (contentMediaType)",
    openapi: "3.1.0",
    schema: { type: "string", contentMediaType: "image/png" },
    type: "application/octet-stream",
    anyType: true,
    value: "zqpng",
    file: true,
  },
  {
    name: "3.1 base64 (contentEncoding)",
    openapi: "3.1.0",
    schema: { type: "string", contentEncoding: "base64" },
    type: "application/octet-stream",
    anyType: true,
    value: "enE=",
  },
  {
    name: "a 3.1 object its encoding types",
    openapi: "3.1.0",
    schema: { type: "object" },
    encoding: { contentType: "application/vnd.zq+json" },
    type: "application/vnd.zq+json",
    value: "{}",
  },
];

/** A document whose one operation takes a multipart body of the one field `zqpart`. */
function documentOf(row: Row, encoding = row.encoding): Json {
  const media = {
    schema: { type: "object", properties: { zqpart: row.schema } },
    ...(encoding ? { encoding: { zqpart: encoding } } : {}),
  };
  return {
    openapi: row.openapi,
    info: { title: "zqparts", version: "1" },
    servers: [{ url: "https://zq.test" }],
    paths: {
      "/zqparts": {
        post: {
          operationId: "sendZqpart",
          requestBody: { required: true, content: { "multipart/form-data": media } },
          responses: { "200": { description: "ok" } },
        },
      },
    },
  };
}

const BOUNDARY = "zqboundary";

/** The judge's refusals of the field sent as one part of this Content-Type. */
function judged(row: Row, type: string): string[] {
  const judge = requestJudge(new OpenApiDocument(parseYamlSource(JSON.stringify(documentOf(row)), "zq.json")), {
    basePath: "",
    credential: "present",
  });
  const disposition = `form-data; name="zqpart"${row.file ? '; filename="zq.bin"' : ""}`;
  const head = `Content-Disposition: ${disposition}\r\nContent-Type: ${type}`;
  const body = `--${BOUNDARY}\r\n${head}\r\n\r\n${row.value}\r\n--${BOUNDARY}--\r\n`;
  const request = {
    method: "POST",
    url: "https://zq.test/zqparts",
    headers: new Headers({ "content-type": `multipart/form-data; boundary=${BOUNDARY}` }),
    body: new TextEncoder().encode(body),
  };
  return judge(request).refusals.map((r) => `${r.rule}: ${r.message}`);
}

/** What the changes say the part's type was, where a newer version encodes it as another type. */
function movedFrom(row: Row): unknown[] {
  const set = (doc: Json) => ({ root: "zq.json", files: new Map([["zq.json", doc]]) });
  const newer = documentOf(row, { contentType: FOREIGN });
  return documentChanges(set(documentOf(row)), set(newer), [{ method: "POST", path: "/zqparts" }])
    .filter((c) => c.kind === "request-property-encoding-changed")
    .map((c) => [c.old, c.new]);
}

describe("a multipart part's Content-Type, one record the link, the judge and the changes read", () => {
  it.each(ROWS)("$name: $type", (row) => {
    const data = documentOf(row);
    const node = resolved(data, row.schema);
    const record = defaultPartType(node, typesOf(data, node), (s) => resolved(data, s));
    // The record: OpenAPI's default, where the encoding names none.
    if (!row.encoding) expect(record.mediaType).toBe(row.type);
    // The judge: takes a part of that type; one of another type only where any type is the part's.
    expect(judged(row, row.type)).toEqual([]);
    expect(judged(row, FOREIGN).length > 0).toBe(!row.anyType);
    // The changes: the type a newer version's encoding moves the part from.
    expect(movedFrom(row)).toEqual([[row.type, FOREIGN]]);
    // The link: a text type the encoding names is sent as the part's, one the judge takes; else the runtime's default.
    const linked = multipartPartTypes(data, { fields: row.encoding ? { zqpart: row.encoding } : {} }, () => ({
      schema: row.schema,
      files: row.file === true,
    })).zqpart;
    const text = row.encoding !== undefined && !row.type.endsWith("json");
    expect(linked).toBe(text ? row.type : undefined);
  });
});
