// The judge's rules beyond the style table, each on a request that keeps it
// and one that breaks it: allowReserved, a value spanning segments,
// allowEmptyValue, `content` parameters, undeclared query pairs, required
// parameters, media types, JSON bodies at every depth (readOnly fields not
// required), form and multipart `encoding`, and the credential.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge, type SentRequest } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test/v2" }]
security: [{ key: [] }]
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
    token: { type: http, scheme: bearer }
    pair: { type: http, scheme: basic }
  schemas:
    NoteOptions: { type: object, additionalProperties: false, properties: { pinned: { type: boolean } } }
    Base: { type: object, properties: { id: { type: string, readOnly: true } } }
    ARecord: { allOf: [{ $ref: "#/components/schemas/Base" }, { type: object, properties: { kind: { type: string, \
enum: [A] } } }] }
    AnyRecord: { oneOf: [{ $ref: "#/components/schemas/ARecord" }], required: [id, kind] }
    Line:
      type: object
      required: [sku, qty, id]
      properties:
        id: { type: string, readOnly: true }
        sku: { type: string, pattern: "^[A-Z]+$" }
        qty: { type: integer, minimum: 1 }
paths:
  /files/{path}:
    get:
      operationId: getFile
      parameters:
        - { name: path, in: path, required: true, x-multi-segment: true, schema: { type: string } }
      responses: { "200": { description: ok } }
  /items/{id}:
    get:
      operationId: getItem
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
        - { name: next, in: query, allowReserved: true, schema: { type: string } }
        - { name: q, in: query, schema: { type: string } }
        - { name: level, in: query, allowEmptyValue: true, schema: { type: integer } }
        - { name: depth, in: query, schema: { type: integer } }
        - name: filter
          in: query
          content:
            application/json:
              schema: { type: object, required: [state], properties: { state: { type: string, enum: [open, closed] } } }
        - { name: X-Trace, in: header, required: true, schema: { type: string, format: uuid } }
        - { name: prefs, in: cookie, explode: false, schema: { type: array, items: { type: string, enum: [dark, \
wide] } } }
        - { name: f, in: query, style: deepObject, explode: true, schema: { type: object } }
        - { name: rank, in: query, schema: { type: string, enum: [1, 2, true] } }
        - { name: m, in: query, style: deepObject, explode: true, schema: { type: object, additionalProperties: \
{ type: object, additionalProperties: { type: string } } } }
        - { name: l, in: query, style: deepObject, explode: true, schema: { type: object, properties: { ids: { type: \
array, items: { type: integer } } } } }
      responses: { "200": { description: ok } }
  /orders:
    post:
      operationId: createOrder
      security: [{ token: [] }, { pair: [] }]
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [lines]
              properties:
                lines: { type: array, minItems: 1, items: { $ref: "#/components/schemas/Line" } }
      responses: { "201": { description: ok } }
  /records:
    post:
      operationId: createRecord
      security: []
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/AnyRecord" }
      responses: { "201": { description: ok } }
  /notes:
    post:
      operationId: createNote
      security: []
      requestBody:
        content:
          application/json:
            schema:
              allOf:
                - type: object
                  additionalProperties: false
                  required: [text]
                  properties: { text: { type: string } }
                - $ref: "#/components/schemas/NoteOptions"
      responses: { "201": { description: ok } }
  /messages:
    post:
      operationId: sendMessage
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                to: { type: array, items: { type: string } }
                tags: { type: array, items: { type: string } }
                body: { type: string }
                ids: { type: array, items: { type: integer } }
                codes: { type: array, items: { type: integer } }
                fee: { anyOf: [{ type: integer }, { type: string, enum: [""] }] }
                settings:
                  { type: object, additionalProperties: { type: object, additionalProperties: { type: string } } }
            encoding:
              to: { contentType: application/json }
              ids: { style: form, explode: false }
              codes: { style: pipeDelimited, explode: false }
              fee: { style: deepObject, explode: true }
              settings: { style: deepObject, explode: true }
      responses: { "200": { description: ok } }
  /uploads:
    post:
      operationId: upload
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                file: { type: string, format: binary }
                meta: { type: object, properties: { title: { type: string } } }
                note: { type: string }
                link: { type: object, additionalProperties: false, properties: { create: { type: boolean }, days: \
{ type: integer } } }
                expand: { type: array, items: { type: string } }
                labels: { type: array, items: { type: string } }
            encoding:
              note: { contentType: text/markdown, headers: { X-Lang: { required: true, schema: { type: string } } } }
              link: { style: deepObject, explode: true, contentType: application/json }
              expand: { style: deepObject, explode: true }
              labels: { style: form, explode: false }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
  basePath: "/v2",
  credential: "present",
});
const KEY = { "x-key": "k-123", "x-trace": "0f8fad5b-d9cb-469f-a165-70867728950e" };

function request(method: string, path: string, headers: Record<string, string> = {}, body?: string): SentRequest {
  return {
    method,
    url: `https://api.test/v2${path}`,
    headers: new Headers({ ...KEY, ...headers }),
    ...(body !== undefined ? { body: new TextEncoder().encode(body) } : {}),
  };
}
const rules = (r: SentRequest) => judge(r).refusals.map((x) => x.rule);

describe("the request judge", () => {
  it("keeps a value spanning segments whole, and refuses its / sent as %2F", () => {
    expect(judge(request("GET", "/files/docs/a%20b/c.md")).read.params.get("path:path")).toBe("docs/a b/c.md");
    const refused = judge(request("GET", "/files/docs%2Fc.md")).refusals;
    expect(refused.map((r) => r.rule)).toEqual(["x-multi-segment"]);
    expect(refused[0]).toMatchObject({
      pointer: "/path/path",
      sent: "docs%2Fc.md",
      at: "#/paths/~1files~1{path}/get/parameters/0",
    });
  });

  it("refuses a reserved character sent raw unless allowReserved, and any character no URI holds raw", () => {
    expect(rules(request("GET", "/items/a?next=/x/y:z"))).toEqual([]);
    expect(rules(request("GET", "/items/a?q=/x"))).toEqual(["allowReserved"]);
    expect(rules(request("GET", "/items/a:b"))).toEqual(["allowReserved"]);
    expect(rules(request("GET", "/items/a?q=a!b"))).toEqual(["allowReserved"]);
    expect(rules(request("GET", "/items/a?q=a%5Eb"))).toEqual([]);
    expect(rules(request("GET", "/items/a?q=a^b"))).toEqual(["percent-encoding"]);
    expect(rules(request("GET", "/items/a?q=a%2"))).toEqual(["percent-encoding"]);
  });

  it("lets an empty value stand only where allowEmptyValue says", () => {
    expect(rules(request("GET", "/items/a?level="))).toEqual([]);
    expect(rules(request("GET", "/items/a?depth="))).toEqual(["allowEmptyValue"]);
    expect(rules(request("GET", "/items/a?depth=x"))).toEqual(["schema"]);
  });

  it("reads a content parameter as its media type and holds it to that schema", () => {
    const ok = judge(request("GET", `/items/a?filter=${encodeURIComponent('{"state":"open"}')}`));
    expect(ok.refusals).toEqual([]);
    expect(ok.read.params.get("query:filter")).toEqual({ state: "open" });
    expect(rules(request("GET", "/items/a?filter=open"))).toEqual(["content"]);
    expect(rules(request("GET", `/items/a?filter=${encodeURIComponent('{"state":"gone"}')}`))).toEqual(["schema"]);
    expect(rules(request("GET", '/items/a?filter={"state":"open"}'))).toEqual(["percent-encoding"]);
  });

  it(
    "refuses a required header missing, another method or path; not a query pair the document does not declare " +
      "(a service ignores it)",
    () => {
      expect(rules(request("GET", "/items/a?colour=red"))).toEqual([]);
      expect(rules({ ...request("GET", "/items/a"), headers: new Headers({ "x-key": "k" }) })).toEqual(["required"]);
      expect(rules(request("DELETE", "/items/a"))).toEqual(["route"]);
      expect(rules({ ...request("GET", "/items/a"), url: "https://api.test/items/a" })).toEqual(["route"]);
      expect(rules(request("GET", "/items/a", { "x-trace": "not-a-uuid" }))).toEqual(["schema"]);
    },
  );

  it("reads deepObject brackets a list and names share (as qs does), holes left out", () => {
    const judged = judge(request("GET", "/items/a?f%5B2%5D%5B0%5D=a&f%5B2%5D%5Bb%5D=c&f%5Bx%5D=1"));
    expect(judged.refusals).toEqual([]);
    expect(judged.read.params.get("query:f")).toEqual({ "2": { "0": "a", b: "c" }, x: "1" });
  });

  it("reads a deepObject key's own brackets, sent escaped between the raw ones, as the key's", () => {
    const judged = judge(request("GET", "/items/a?f[zq%5Bname_eq%5D]=chimp&f[plain]=1"));
    expect([judged.refusals, judged.read.params.get("query:f")]).toEqual([[], { "zq[name_eq]": "chimp", plain: "1" }]);
    expect(rules(request("GET", "/items/a?f[zq[name_eq]]=chimp"))).toEqual(["style"]);
  });

  it(
    "reads deepObject keys under an object as names (the empty one and numbers too), under a list as indexes, " +
      "as its schema says",
    () => {
      const judged = judge(
        request("GET", "/items/a?m%5B%5D%5Ba%5D=x&m%5B4%5D%5B0%5D=y&l%5Bids%5D%5B%5D=1&l%5Bids%5D%5B%5D=2"),
      );
      expect(judged.refusals).toEqual([]);
      expect(judged.read.params.get("query:m")).toEqual({ "": { a: "x" }, "4": { "0": "y" } });
      expect(judged.read.params.get("query:l")).toEqual({ ids: [1, 2] });
    },
  );

  it(
    "reads a form field the encoding styles deepObject as a scalar where it is one (name=value, " +
      "as form writes it), its brackets as its schema says",
    () => {
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const judged = judge(request("POST", "/messages", form, "fee=1&settings%5B4%5D%5B%5D=x"));
      expect(judged.refusals).toEqual([]);
      expect(judged.read.body).toEqual({ fee: 1, settings: { "4": { "": "x" } } });
      expect(rules(request("POST", "/messages", form, "settings=x"))).toEqual(["encoding.style"]);
    },
  );

  it("reads a string's enum written unquoted in YAML (numbers, booleans) as their texts", () => {
    expect(rules(request("GET", "/items/a?rank=1"))).toEqual([]);
    expect(rules(request("GET", "/items/a?rank=true"))).toEqual([]);
    expect(rules(request("GET", "/items/a?rank=3"))).toEqual(["schema"]);
  });

  it("reads a cookie in the form style, and refuses a list sent as repeated cookies where explode is false", () => {
    const ok = judge(request("GET", "/items/a", { cookie: "other=1; prefs=dark,wide" }));
    expect(ok.refusals).toEqual([]);
    expect(ok.read.params.get("cookie:prefs")).toEqual(["dark", "wide"]);
    expect(rules(request("GET", "/items/a", { cookie: "prefs=dark; prefs=wide" }))).toEqual(["explode"]);
    expect(rules(request("GET", "/items/a", { cookie: "prefs=dark,tall" }))).toEqual(["schema"]);
  });

  it("holds a JSON body to its schema at every depth, readOnly fields not required of a request", () => {
    const auth = { authorization: "Bearer tok.en-1", "content-type": "application/json" };
    expect(rules(request("POST", "/orders", auth, JSON.stringify({ lines: [{ sku: "AB", qty: 2 }] })))).toEqual([]);
    const deep = judge(
      request(
        "POST",
        "/orders",
        auth,
        JSON.stringify({
          lines: [
            { sku: "AB", qty: 2 },
            { sku: "ab", qty: 1 },
          ],
        }),
      ),
    ).refusals;
    expect(deep).toMatchObject([{ rule: "schema", pointer: "/body/lines/1/sku" }]);
    expect(rules(request("POST", "/orders", auth, "{"))).toEqual(["mediaType"]);
    expect(rules(request("POST", "/orders", { ...auth, "content-type": "text/plain" }, "{}"))).toEqual(["mediaType"]);
    expect(rules(request("POST", "/orders", auth))).toEqual(["required"]);
  });

  it("requires no field a branch declares readOnly, where the required list stands beside the union", () => {
    const json = { "content-type": "application/json" };
    expect(rules(request("POST", "/records", json, JSON.stringify({ kind: "A" })))).toEqual([]);
    expect(rules(request("POST", "/records", json, JSON.stringify({})))).toEqual(["schema"]);
  });

  it(
    "reads allOf members that each close the object as their fields together (as the mocks do), " +
      "closed over all of them",
    () => {
      const json = { "content-type": "application/json" };
      expect(rules(request("POST", "/notes", json, JSON.stringify({ text: "t", pinned: true })))).toEqual([]);
      expect(
        judge(request("POST", "/notes", json, JSON.stringify({ text: "t", colour: "red" }))).refusals,
      ).toMatchObject([{ rule: "schema", pointer: "/body/colour" }]);
    },
  );

  it("holds the credential to its scheme, and never quotes it", () => {
    const body = JSON.stringify({ lines: [{ sku: "AB", qty: 1 }] });
    const json = { "content-type": "application/json" };
    expect(
      rules(
        request("POST", "/orders", { ...json, authorization: `Basic ${Buffer.from("u:p").toString("base64")}` }, body),
      ),
    ).toEqual([]);
    const wrong = judge(request("POST", "/orders", { ...json, authorization: "token s3cr3t" }, body)).refusals;
    expect(wrong.map((r) => r.rule)).toEqual(["security"]);
    expect(JSON.stringify(wrong)).not.toContain("s3cr3t");
    expect(rules(request("POST", "/orders", json, body))).toEqual(["security"]);
    expect(rules({ ...request("GET", "/items/a"), headers: new Headers({ "x-trace": KEY["x-trace"] }) })).toEqual([
      "security",
    ]);
  });

  it("reads a JSON-encoded form field list as a JSON pair per item, and refuses it unquoted or in one pair", () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const each = (texts: string[]) => texts.map((t) => `to=${encodeURIComponent(t)}`).join("&");
    const ok = judge(request("POST", "/messages", form, `${each(['"a"', '"b"'])}&tags=x&tags=y&body=hi+there`));
    expect(ok.refusals).toEqual([]);
    expect(ok.read.body).toEqual({ to: ["a", "b"], tags: ["x", "y"], body: "hi there" });
    expect(judge(request("POST", "/messages", form, each(['"a"']))).read.body).toEqual({ to: ["a"] });
    const at = "#/paths/~1messages/post/requestBody/content/application~1x-www-form-urlencoded/encoding/to";
    const unquoted = judge(request("POST", "/messages", form, "to=a&to=b")).refusals;
    expect(unquoted).toMatchObject([{ rule: "encoding.contentType", pointer: "/body/to", at }]);
    expect(unquoted[0]?.message).toContain('"a" is not JSON');
    const whole = judge(request("POST", "/messages", form, each(['["a","b"]']))).refusals;
    expect(whole).toMatchObject([{ rule: "encoding.contentType", pointer: "/body/to", at }]);
    expect(whole[0]?.message).toContain('to="a"&to="b"');
  });

  it(
    "reads an empty value of an unexploded list as one empty item, never as no list (an empty list sends no " + "pair)",
    () => {
      const form = { "content-type": "application/x-www-form-urlencoded" };
      expect(rules(request("POST", "/messages", form, "ids=1,2&codes=3%7C4"))).toEqual([]);
      expect(judge(request("POST", "/messages", form, "ids=")).refusals).toMatchObject([
        { rule: "schema", pointer: "/body/ids/0" },
      ]);
      expect(judge(request("POST", "/messages", form, "codes=")).refusals).toMatchObject([
        { rule: "schema", pointer: "/body/codes/0" },
      ]);
    },
  );

  it("holds each multipart part to its field's content type and declared headers", () => {
    const boundary = "zz";
    const part = (headers: string[], content: string) =>
      `--${boundary}\r\n${headers.join("\r\n")}\r\n\r\n${content}\r\n`;
    const body = (...parts: string[]) => `${parts.join("")}--${boundary}--\r\n`;
    const type = { "content-type": `multipart/form-data; boundary=${boundary}` };
    const file = part(
      ['Content-Disposition: form-data; name="file"; filename="a.png"', "Content-Type: application/octet-stream"],
      "PNG",
    );
    const note = part(
      ['Content-Disposition: form-data; name="note"', "Content-Type: text/markdown", "X-Lang: en"],
      "# hi",
    );
    const meta = part(
      ['Content-Disposition: form-data; name="meta"', "Content-Type: application/json"],
      '{"title":"t"}',
    );
    expect(rules(request("POST", "/uploads", type, body(file, note, meta)))).toEqual([]);
    // OpenAPI's default for an object field is JSON: a part without a Content-Type whose text is JSON reads as one.
    expect(
      rules(
        request("POST", "/uploads", type, body(part(['Content-Disposition: form-data; name="meta"'], '{"title":"t"}'))),
      ),
    ).toEqual([]);
    expect(
      rules(
        request(
          "POST",
          "/uploads",
          type,
          body(part(['Content-Disposition: form-data; name="note"', "X-Lang: en"], "# hi")),
        ),
      ),
    ).toEqual(["encoding.contentType"]);
    expect(
      rules(
        request(
          "POST",
          "/uploads",
          type,
          body(part(['Content-Disposition: form-data; name="note"', "Content-Type: text/markdown"], "# hi")),
        ),
      ),
    ).toEqual(["encoding.headers"]);
    expect(
      rules(
        request(
          "POST",
          "/uploads",
          type,
          body(part(['Content-Disposition: form-data; name="meta"', "Content-Type: application/json"], '{"title":1}')),
        ),
      ),
    ).toEqual(["schema"]);
  });

  it(
    "reads a multipart field whose encoding sets a style as that form field's pairs, " +
      "one part each (its contentType ignored)",
    () => {
      const boundary = "zz";
      const text = (name: string, content: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${content}\r\n`;
      const body = (...parts: string[]) => `${parts.join("")}--${boundary}--\r\n`;
      const type = { "content-type": `multipart/form-data; boundary=${boundary}` };
      const styled = judge(
        request(
          "POST",
          "/uploads",
          type,
          body(
            text("link[create]", "true"),
            text("link[days]", "7"),
            text("expand[0]", "a&b"),
            text("expand[1]", "c d"),
            text("labels", "x,y"),
          ),
        ),
      );
      expect(styled.refusals).toEqual([]);
      expect(styled.read.body).toEqual({ link: { create: true, days: 7 }, expand: ["a&b", "c d"], labels: ["x", "y"] });
      // The same field as one part of JSON text, the document's contentType, is not the pairs its style writes.
      expect(judge(request("POST", "/uploads", type, body(text("link", '{"create":true}')))).refusals).toMatchObject([
        { rule: "encoding.style", pointer: "/body/link" },
      ]);
      expect(
        judge(request("POST", "/uploads", type, body(text("labels", "x"), text("labels", "y")))).refusals,
      ).toMatchObject([{ rule: "encoding.style", pointer: "/body/labels" }]);
      expect(judge(request("POST", "/uploads", type, body(text("link[colour]", "red")))).refusals).toMatchObject([
        { rule: "schema", pointer: "/body/link/colour" },
      ]);
    },
  );
});
