// A path list in style label, not exploded, writes its items after one "." between commas (`.zq.a,zqb`), and RFC 6570
// leaves a "." inside an item as it is ("." is unreserved). The judge took any such "." for explode true's separator
// and refused the request ([explode] items separated by "."), so the suite failed a call that wrote the items rightly
// (a drawn item "Wx." on a by-hand document); such items are read as sent now.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqlabels, version: "1" }
servers: [{ url: "https://zq.test" }]
paths:
  /zqtags/{zqtags}/zqsizes/{zqsizes}:
    get:
      operationId: zqGetTags
      parameters:
        - name: zqtags
          in: path
          required: true
          style: label
          schema: { type: array, items: { type: string } }
        - name: zqsizes
          in: path
          required: true
          style: label
          schema: { type: array, items: { type: integer } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqlabels.yaml")), { credential: "present" });
const get = (path: string) => judge({ method: "GET", url: `https://zq.test${path}`, headers: new Headers() });

describe("a path list in style label, not exploded", () => {
  it("reads a dot inside an item as the item's own", () => {
    const read = get("/zqtags/.zq.a,zqb,Wx./zqsizes/.1,2");
    expect(read.refusals).toEqual([]);
    expect(read.read.params.get("path:zqtags")).toEqual(["zq.a", "zqb", "Wx."]);
    expect(read.read.params.get("path:zqsizes")).toEqual([1, 2]);
  });

  it("still refuses what its items' schema refuses: explode true's `.1.2` is no integer", () => {
    const { refusals } = get("/zqtags/.zqa/zqsizes/.1.2");
    expect(refusals.map((r) => r.pointer)).toEqual(["/path/zqsizes/0"]);
  });
});
