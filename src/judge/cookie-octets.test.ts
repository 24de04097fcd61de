// A cookie parameter is written in style form (RFC 6570), percent-encoded: its space, `,`, `;`, `"`, `\`, `%` and
// characters past ASCII go as triples, which is what RFC 6265's cookie-octets leave a value. The judge read a cookie's
// raw text decoded where it could and as it came where it could not, and held no character to that rule, so a
// request sending `zqsess=c 1`, or a list's item `b,c` raw where the list is exploded (its comma no delimiter),
// passed as the value given: a runtime that forgot to encode a cookie kept a green contract suite. Such a value is
// refused now, naming the character; what the runtime writes (each item encoded, a list's commas where explode is
// false) is read as before.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge, type SentRequest } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqcookies, version: "1" }
servers: [{ url: "https://zq.test" }]
paths:
  /zqitems:
    get:
      operationId: zqList
      parameters:
        - { name: zqsess, in: cookie, schema: { type: string } }
        - { name: zqtags, in: cookie, schema: { type: array, items: { type: string } } }
        - { name: zqpair, in: cookie, explode: false, schema: { type: array, items: { type: string } } }
      responses: { "200": { description: ok } }
`;

const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "zqcookies.yaml")), {
  credential: "present",
});
const sent = (cookie: string): SentRequest => ({
  method: "GET",
  url: "https://zq.test/zqitems",
  headers: new Headers({ cookie }),
});

describe("a cookie parameter's raw characters", () => {
  it("read as the runtime writes them: triples decoded, an unexploded list split at its commas", () => {
    const read = judge(sent("zqsess=c%201%3Bx%3Dy%2C%25; zqtags=a; zqtags=b%2Cc; zqpair=d,%C3%A9"));
    expect(read.refusals).toEqual([]);
    expect(read.read.params.get("cookie:zqsess")).toBe("c 1;x=y,%");
    expect(read.read.params.get("cookie:zqtags")).toEqual(["a", "b,c"]);
    expect(read.read.params.get("cookie:zqpair")).toEqual(["d", "é"]);
  });

  it.each([
    ["a space", "zqsess=c 1", "U+0020 is sent raw", "zqsess"],
    ["a comma of an exploded list's item", "zqtags=a; zqtags=b,c", '"," is sent raw', "zqtags"],
    ["a double quote inside", 'zqsess=c"1', '""" is sent raw', "zqsess"],
    ["a character past ASCII", "zqpair=d,é", "U+00E9 is sent raw", "zqpair"],
    ["a % of no triple", "zqsess=100%", 'a "%" is sent starting no percent-encoded triple', "zqsess"],
  ])("refuses %s, naming the character and the cookie", (_, cookie, says, name) => {
    const { refusals } = judge(sent(cookie));
    expect(refusals.map((r) => [r.rule, r.pointer])).toEqual([["percent-encoding", `/cookie/${name}`]]);
    expect(refusals[0]?.message).toContain(says);
  });
});
