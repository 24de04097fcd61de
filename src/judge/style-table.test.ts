// The judge against OpenAPI 3.1.1's own style table (§4.8.12.4): every cell
// a parameter of that place, style and explode, sent as the table writes it,
// is accepted and read back as the table's value; sent as another cell of
// the same shape writes it, it is refused naming the rule broken, or, where
// those bytes are also a valid value of this cell (`.blue` is a string the
// simple style may carry), read back as that other value, which the contract
// suite holds against what the tool was given (kinds/request.ts).
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";

const VALUES = { string: "blue", array: ["blue", "black", "brown"], object: { R: 100, G: 200, B: 150 } } as const;
type Shape = keyof typeof VALUES;
const SCHEMAS: Record<Shape, object> = {
  string: { type: "string" },
  array: { type: "array", items: { type: "string" } },
  object: {
    type: "object",
    properties: { R: { type: "integer" }, G: { type: "integer" }, B: { type: "integer" } },
    additionalProperties: false,
  },
};

/** [in, style, explode, shape, as the table writes it]: a path's text, a query (after `?`), a header's value. */
const TABLE: [string, string, boolean, Shape, string][] = [
  ["path", "matrix", false, "string", ";color=blue"],
  ["path", "matrix", false, "array", ";color=blue,black,brown"],
  ["path", "matrix", false, "object", ";color=R,100,G,200,B,150"],
  ["path", "matrix", true, "string", ";color=blue"],
  ["path", "matrix", true, "array", ";color=blue;color=black;color=brown"],
  ["path", "matrix", true, "object", ";R=100;G=200;B=150"],
  ["path", "label", false, "string", ".blue"],
  ["path", "label", false, "array", ".blue,black,brown"],
  ["path", "label", false, "object", ".R,100,G,200,B,150"],
  ["path", "label", true, "string", ".blue"],
  ["path", "label", true, "array", ".blue.black.brown"],
  ["path", "label", true, "object", ".R=100.G=200.B=150"],
  ["path", "simple", false, "string", "blue"],
  ["path", "simple", false, "array", "blue,black,brown"],
  ["path", "simple", false, "object", "R,100,G,200,B,150"],
  ["path", "simple", true, "string", "blue"],
  ["path", "simple", true, "array", "blue,black,brown"],
  ["path", "simple", true, "object", "R=100,G=200,B=150"],
  ["header", "simple", false, "array", "blue,black,brown"],
  ["header", "simple", false, "object", "R,100,G,200,B,150"],
  ["header", "simple", true, "object", "R=100,G=200,B=150"],
  ["query", "form", false, "string", "color=blue"],
  ["query", "form", false, "array", "color=blue,black,brown"],
  ["query", "form", false, "object", "color=R,100,G,200,B,150"],
  ["query", "form", true, "string", "color=blue"],
  ["query", "form", true, "array", "color=blue&color=black&color=brown"],
  ["query", "form", true, "object", "R=100&G=200&B=150"],
  ["query", "spaceDelimited", false, "array", "color=blue%20black%20brown"],
  ["query", "spaceDelimited", false, "object", "color=R%20100%20G%20200%20B%20150"],
  ["query", "pipeDelimited", false, "array", "color=blue%7Cblack%7Cbrown"],
  ["query", "pipeDelimited", false, "object", "color=R%7C100%7CG%7C200%7CB%7C150"],
  ["query", "deepObject", true, "object", "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150"],
];

const paths: Record<string, unknown> = {};
TABLE.forEach(([place, style, explode, shape], i) => {
  const parameter = { name: "color", in: place, required: true, style, explode, schema: SCHEMAS[shape] };
  paths[place === "path" ? `/r${i}/{color}` : `/r${i}`] = {
    get: { operationId: `r${i}`, parameters: [parameter], responses: { "200": { description: "ok" } } },
  };
});
const document = new OpenApiDocument(
  parseYamlSource(JSON.stringify({ openapi: "3.1.0", info: { title: "styles", version: "1" }, paths }), "styles.json"),
);
const judge = requestJudge(document, { credential: "form" });

function sent(i: number, place: string, text: string) {
  if (place === "path") return judge({ method: "GET", url: `http://api.test/r${i}/${text}`, headers: new Headers() });
  if (place === "query") return judge({ method: "GET", url: `http://api.test/r${i}?${text}`, headers: new Headers() });
  return judge({ method: "GET", url: `http://api.test/r${i}`, headers: new Headers({ color: text }) });
}

describe("the judge reads OpenAPI's style table", () => {
  it.each(TABLE.map((row, i) => [i, ...row] as const))(
    "row %i: %s %s explode %s, %s as %s is accepted and read back",
    (i, place, _style, _explode, shape, text) => {
      const judgement = sent(i, place, text);
      expect(judgement.refusals).toEqual([]);
      expect(judgement.read.params.get(`${place}:color`)).toEqual(VALUES[shape]);
    },
  );

  const wrong = TABLE.flatMap((row, i) =>
    TABLE.filter(
      (other) =>
        other[0] === row[0] &&
        other[3] === row[3] &&
        other[4] !== row[4] &&
        other[4].replace(/%20|%7C/g, ",") !== row[4].replace(/%20|%7C/g, ","),
    ).map((other) => [i, row[0], row[1], row[2], row[3], other[1], other[2], other[4]] as const),
  );

  it.each(wrong)(
    "row %i (%s %s explode %s, %s) refuses or reads otherwise what %s explode %s writes: %s",
    (i, place, _style, _explode, shape, _otherStyle, _otherExplode, text) => {
      const judgement = sent(i, place, text);
      if (!judgement.refusals.length) {
        expect(judgement.read.params.get(`${place}:color`)).not.toEqual(VALUES[shape]);
        return;
      }
      expect(judgement.refusals.map((r) => r.rule)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^(style|explode|allowReserved|percent-encoding|required|schema)$/),
        ]),
      );
    },
  );
});
