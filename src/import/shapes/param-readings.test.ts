// A boolean query parameter the document lets be sent empty (`allowEmptyValue: true`): an upstream that reads the
// parameter's presence (`?zq_stopped`) took `zq_stopped=false` as true, since the draft sent every boolean as its
// value. It is drafted as a switch: `=true` when true, nothing when false. A required one, one that defaults to true,
// or a boolean without allowEmptyValue stays a plain boolean.
//
// A path parameter choosing the answer's format (`/{zqformat}/zqgames`: XML or JSON, the document's default XML)
// where the operation declares its answers as JSON alone: drafted as the document wrote it, a call without it went
// as `/XML/zqgames`, answered in XML, which the tool cannot read, while the mock answered JSON and every case passed.
// It is drafted to its JSON values, defaulting to the first; where an answer of another format is declared, it
// stays open. A query parameter choosing it (`alt`: csv, json, media) the same: a call choosing csv got CSV text the
// package read as JSON (INVALID_JSON); it is refused before any request now, and no default is added.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const flag = (name: string, extra: object = {}) => ({
  name,
  in: "query",
  allowEmptyValue: true,
  schema: { type: "boolean", ...extra },
});
const document = openapi({
  "/zqhubs/{id}": {
    get: {
      operationId: "zqGetHub",
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string", maxLength: 40 } },
        flag("zq_stopped"),
        flag("zq_pretty", { default: false }),
        flag("zq_live", { default: true }),
        { name: "zq_plain", in: "query", schema: { type: "boolean" } },
        { ...flag("zq_hub"), required: true },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a boolean query parameter that may be sent empty", () => {
  const d = drafted(document, ["zqGetHub"], "zqflag");
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const params = d.manifest.operations[id]?.params ?? {};

  it("is drafted as a switch sending the parameter as true, with a note; others as before", async () => {
    for (const name of ["zq_stopped", "zq_pretty"])
      expect(params[name]).toMatchObject({
        type: "boolean",
        wire: { in: "switch", whenTrue: [{ in: "query", name, value: true }] },
      });
    expect(notesAt(d, `operations.${id}.params.zq_stopped`).join("\n")).toContain("presence alone as true");
    for (const name of ["zq_live", "zq_plain", "zq_hub"]) expect(params[name]?.wire).toEqual({ in: "query" });
    expect(await linkProblems(d, "zqflag")).toEqual([]);
  });

  it("sends the parameter when true and nothing when false, as the judge reads the document", async () => {
    const [tool] = await linkedTools(d, "zqflag");
    const sentQuery = async (input: Record<string, unknown>) => {
      const { sent, judged } = await judgedCall(d, tool!, {
        accessToken: "zq-token-0001",
        id: "h 1",
        zq_hub: false,
        ...input,
      });
      expect(judged.refusals).toEqual([]);
      return new URL(sent.url).search;
    };
    expect(await sentQuery({ zq_stopped: true, zq_pretty: false })).toBe("?zq_stopped=true&zq_hub=false");
    expect(await sentQuery({ zq_stopped: false, zq_pretty: true, zq_plain: false })).toBe(
      "?zq_pretty=true&zq_plain=false&zq_hub=false",
    );
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqflag");
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });
});

const formatParam = (values: string[], extra: object = {}) => ({
  name: "zqformat",
  in: "path",
  required: true,
  description: "Desired answer format.",
  schema: { type: "string", enum: values, ...extra },
});
const games = { type: "array", items: { type: "object", properties: { id: { type: "string" } } } };
const formats = openapi({
  "/{zqformat}/zqgames": {
    get: {
      operationId: "zqGames",
      parameters: [formatParam(["XML", "JSON"], { default: "XML" })],
      responses: { "200": reply(games, [{ id: "zq1" }]) },
    },
  },
  "/zqrecords.{zqformat}": {
    get: {
      operationId: "zqRecords",
      parameters: [formatParam(["json", "xml", "csv"])],
      responses: { "200": reply(games, [{ id: "zq1" }]) },
    },
  },
  "/zqfeeds.{zqformat}": {
    get: {
      operationId: "zqFeeds",
      parameters: [formatParam(["xml", "json"])],
      responses: {
        "200": {
          description: "The feed.",
          content: { "application/json": { schema: games }, "application/xml": { schema: games } },
        },
      },
    },
  },
});

describe("a path parameter choosing the answer's format, the answers JSON alone", () => {
  const d = drafted(formats, ["zqGames", "zqRecords", "zqFeeds"], "zqfmt");
  const param = (op: string) => {
    const id = Object.keys(d.manifest.operations).find((k) => d.manifest.operations[k]?.operationId === op) ?? "";
    return { id, param: d.manifest.operations[id]?.params?.zqformat };
  };

  it("is drafted to its JSON values, the first its default, with a note; with another answer, left open", async () => {
    const game = param("zqGames");
    expect(game.param).toMatchObject({ enum: ["JSON"], default: "JSON" });
    expect(notesAt(d, `operations.${game.id}.params.zqformat`).join("\n")).toContain("the document's default is XML");
    expect(param("zqRecords").param).toMatchObject({ enum: ["json"], default: "json" });
    const feed = param("zqFeeds").param;
    expect(feed?.enum).toEqual(["xml", "json"]);
    expect(feed?.default).toBeUndefined();
    expect(await linkProblems(d, "zqfmt")).toEqual([]);
  });

  it("a call that leaves it out asks for JSON, as the judge reads the document", async () => {
    const tools = await linkedTools(d, "zqfmt");
    const sentPath = async (op: string) => {
      const tool = tools.find((t) => t.id === param(op).id);
      const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001" });
      expect(judged.refusals).toEqual([]);
      return new URL(sent.url).pathname;
    };
    expect(await sentPath("zqGames")).toBe("/JSON/zqgames");
    expect(await sentPath("zqRecords")).toBe("/zqrecords.json");
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqfmt");
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });
});

const altParam = (values: string[], extra: object = {}) => ({
  name: "alt",
  in: "query",
  description: "Data format for the answer.",
  schema: { type: "string", enum: values, ...extra },
});
const queryFormats = openapi({
  "/zqreports": {
    get: {
      operationId: "zqReports",
      parameters: [
        altParam(["csv", "json", "media"]),
        { ...altParam(["xml", "json"], { default: "xml" }), name: "zqout" },
        { ...altParam(["json", "jsonl", "csv", "html", "xlsx", "xml", "rss"]), name: "zqform" },
      ],
      responses: { "200": reply(games, [{ id: "zq1" }]) },
    },
    put: {
      operationId: "zqAcceptForms",
      parameters: [
        {
          name: "Accept",
          in: "header",
          schema: { type: "string", enum: ["application/json", "text/csv; charset=utf-8"], default: "text/csv" },
        },
      ],
      responses: { "200": reply(games, [{ id: "zq1" }]) },
    },
    post: {
      operationId: "zqExport",
      parameters: [altParam(["csv", "json"])],
      responses: {
        "200": {
          description: "The rows.",
          content: { "application/json": { schema: games }, "text/csv": { schema: { type: "string" } } },
        },
      },
    },
  },
});

describe("a query parameter choosing the answer's format, the answers JSON alone", () => {
  const d = drafted(queryFormats, ["zqReports", "zqExport", "zqAcceptForms"], "zqfmtq");
  const params = (op: string) => d.manifest.operations[`zqfmtq_${op}`]?.params;

  it("is drafted to its JSON values, no default added, a non-JSON one replaced; else left open", async () => {
    expect(params("zq_reports")?.alt).toMatchObject({ enum: ["json"] });
    expect(params("zq_reports")?.alt?.default).toBeUndefined();
    expect(params("zq_reports")?.zqout).toMatchObject({ enum: ["json"], default: "json" });
    // JSON lines and a spreadsheet are forms the tool does not read either (a list's export formats).
    expect(params("zq_reports")?.zqform).toMatchObject({ enum: ["json"] });
    expect(notesAt(d, "operations.zqfmtq_zq_reports.params.alt").join("\n")).toContain(
      "the query parameter alt chooses the answer's format",
    );
    expect(params("zq_export")?.alt?.enum).toEqual(["csv", "json"]);
    expect(await linkProblems(d, "zqfmtq")).toEqual([]);
  });

  it("an Accept header offering CSV is left out, its note naming the form not asked for", () => {
    const notes = notesAt(d, "operations.zqfmtq_zq_accept_forms").join("\n");
    expect(notes).toContain("header parameter Accept not drafted: OpenAPI ignores it");
    expect(notes).toContain("the answer's forms it offers besides JSON (text/csv) are not asked for");
    expect(params("zq_accept_forms")).toBeUndefined();
  });

  it("a call choosing csv is refused before any request; one without it sends no alt", async () => {
    const tools = await linkedTools(d, "zqfmtq");
    const tool = tools.find((t) => t.id === "zqfmtq_zq_reports");
    const refused = await judgedCall(d, tool!, { accessToken: "zq-token-0001", alt: "csv" }).catch((e: Error) => e);
    expect(String(refused)).toMatch(/"type":"validation".*"param":"alt","rule":"enum"/);
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0001" });
    expect(judged.refusals).toEqual([]);
    expect(new URL(sent.url).search).toBe("");
  });
});
