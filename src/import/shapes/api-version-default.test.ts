// A required API version parameter the document gives no default (`api-version` in the query of every operation of
// hundreds of published documents, each example the document's own `info.version`): the draft made it a required
// input with no default, so every call, workflow step and agent had to look the version up and type it. It is drafted
// defaulting to the document's version, sent with every call; a call may give another. Examples that disagree with
// the document's version, a parameter with values of its own and a name that is not the API's version stay as they
// were.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const VERSION = "2031-02-03";
const versionParam = (name: string, where: string, examples: string[]) => ({
  name,
  in: where,
  required: true,
  description: "The version of the API.",
  schema: { type: "string" },
  examples: Object.fromEntries(examples.map((value, i) => [`zqExample${i}`, { value }])),
});
const get = (operationId: string, parameters: unknown[]) => ({
  get: {
    operationId,
    parameters,
    responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
  },
});
const document = openapi(
  {
    "/zqvaults": get("listVaults", [versionParam("api-version", "query", [VERSION, VERSION])]),
    "/zqkeys": get("listKeys", [versionParam("x-ms-version", "header", [VERSION])]),
    "/zqolder": get("listOlder", [versionParam("api-version", "query", [VERSION, "2019-01-01"])]),
    "/zqpinned": get("listPinned", [
      { ...versionParam("api-version", "query", [VERSION]), schema: { type: "string", enum: ["2020-01-01", VERSION] } },
    ]),
    "/zqdocs": get("listDocs", [versionParam("version", "query", [VERSION])]),
  },
  {},
  { info: { title: "Acme API", version: VERSION } },
);
const ops = ["listVaults", "listKeys", "listOlder", "listPinned", "listDocs"];

describe("a required API version parameter whose every example is the document's version", () => {
  const d = drafted(document, ops);
  const param = (op: string, name: string) => d.manifest.operations[`acme_${op}`]?.params?.[name];

  it("is drafted defaulting to that version, with a note; other shapes stay as they were", async () => {
    expect(param("list_vaults", "apiVersion")).toMatchObject({ required: true, default: VERSION });
    expect(param("list_keys", "xMsVersion")).toMatchObject({ required: true, default: VERSION });
    for (const [op, name] of [
      ["list_older", "apiVersion"],
      ["list_pinned", "apiVersion"],
      ["list_docs", "version"],
    ])
      expect(param(op as string, name as string)?.default, `${op} ${name}`).toBeUndefined();
    expect(d.notes.map((n) => n.note).join("\n")).toContain(
      `the query parameter api-version is the API's version, and its every example is the document's own ` +
        `(info.version ${VERSION}): drafted defaulting to it`,
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is sent when a call leaves it out, and as given when a call gives it; the judge passes both", async () => {
    const tools = await linkedTools(d);
    const vaults = tools.find((t) => t.id === "acme_list_vaults")!;
    const left = await judgedCall(d, vaults, { accessToken: "zq-token-0001" });
    expect(new URL(left.sent.url).search).toBe(`?api-version=${VERSION}`);
    expect(left.judged.refusals).toEqual([]);
    expect(left.judged.operation).toBe("listVaults");
    const given = await judgedCall(d, vaults, { accessToken: "zq-token-0001", apiVersion: "2032-01-01" });
    expect(new URL(given.sent.url).search).toBe("?api-version=2032-01-01");
    expect(given.judged.refusals).toEqual([]);
    const keys = tools.find((t) => t.id === "acme_list_keys")!;
    expect((await judgedCall(d, keys, { accessToken: "zq-token-0001" })).sent.headers.get("x-ms-version")).toBe(
      VERSION,
    );
  });

  it("passes its derived cases on the mock", async () => {
    const { ids, failed } = await failedCases(d, "acme");
    expect(ids.length).toBeGreaterThan(0);
    expect(failed).toEqual([]);
  });
});

describe("a required API version parameter with a pattern", () => {
  const withPattern = (pattern: string) =>
    drafted(
      openapi(
        {
          "/zqvaults": get("listVaults", [
            { ...versionParam("api-version", "query", [VERSION]), schema: { type: "string", pattern } },
          ]),
        },
        {},
        { info: { title: "Acme API", version: VERSION } },
      ),
      ["listVaults"],
    ).manifest.operations.acme_list_vaults?.params?.apiVersion;

  it("defaults to the version its pattern admits, and to none it refuses", () => {
    expect(withPattern("^\\d{4}-\\d{2}-\\d{2}$")?.default).toBe(VERSION);
    expect(withPattern("^v\\d+$")?.default).toBeUndefined();
  });
});
