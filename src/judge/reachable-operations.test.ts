// The judge tried every operation's template for each request (judge.ts `route`): on a whole published API its
// routing grew with operations × requests. It now tries only those the index of their segments finds
// (common/segment-index.ts, the mocks' router's too); every operation whose template matches a path must be among
// them, in the document's order, so its verdicts (the operation chosen, its 404 and 405) stay as they were.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import type { JudgedOperation } from "./operations.js";

/** Each template's tries, counted (the judge's own templates: path-template.ts's, wrapped). */
const tried = vi.hoisted(() => ({ count: 0 }));
vi.mock("./path-template.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./path-template.js")>();
  return {
    ...real,
    pathTemplate: (path: string) => {
      const template = real.pathTemplate(path);
      return {
        ...template,
        matches: (...args: Parameters<typeof template.matches>) => {
          tried.count++;
          return template.matches(...args);
        },
      };
    },
  };
});

// The suite's files share a worker's modules (isolate: false): a judge another file loaded holds the real templates.
vi.resetModules();
const { requestJudge } = await import("./judge.js");
const { documentOperations, reachingOperations } = await import("./operations.js");

/** An operation as an OpenAPI path item writes it: its path parameters declared, a spanning one marked. */
function pathItem(path: string, method: string) {
  const names = [...path.matchAll(/\{\+?([^{}]+)\}/g)].map((m) => m[1] as string);
  const parameters = [...new Set(names)].map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
    ...(name === "zqrest" ? { "x-multi-segment": true } : {}),
  }));
  return { [method]: { parameters, responses: { "200": { description: "ok" } } } };
}

function operationsOf(entries: [string, string][]): JudgedOperation[] {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [method, path] of entries) Object.assign((paths[path] ??= {}), pathItem(path, method));
  return documentOperations({ openapi: "3.0.3", info: { title: "zq", version: "1" }, paths });
}

const matching = (ops: JudgedOperation[], path: string) =>
  ops.filter((op) => {
    const spanning = new Set(op.params.filter((p) => p.in === "path" && p.multiSegment).map((p) => p.name));
    return op.template.matches(path, spanning).length > 0;
  });

const segment = fc.constantFrom(
  "zqa",
  "zqb",
  "{id}",
  "{id}.json",
  'zq"q',
  "zq%20c",
  "x{n}y",
  "",
  "{zqrest}",
  "{+zqplus}",
  "{a}{b}",
);
const path = fc.array(segment, { minLength: 0, maxLength: 4 }).map((s) => `/${s.join("/")}`);
const requestSegment = fc.constantFrom("zqa", "zqb", "7", "7.json", "zq%22q", 'zq"q', "zq%20c", "xqy", "", "a/b");

describe("the operations the judge routes a request among", () => {
  it("are every operation whose template matches the path, in the document's order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("get", "post"), path), { minLength: 1, maxLength: 12 }),
        fc.array(requestSegment, { minLength: 0, maxLength: 5 }),
        (entries, segments) => {
          const ops = operationsOf(entries);
          const request = `/${segments.join("/")}`;
          const reached = reachingOperations(ops, request);
          expect(reached.filter((op) => matching(ops, request).includes(op))).toEqual(matching(ops, request));
          expect(reached).toEqual(ops.filter((op) => reached.includes(op)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("are the few a path can reach, of many; a spanning value's operation offered to every path", () => {
    const ops = operationsOf([
      ...Array.from({ length: 60 }, (_, n): [string, string][] => [
        ["get", `/zqthings${n}`],
        ["get", `/zqthings${n}/{id}`],
      ]).flat(),
      ["get", "/zqfiles/{zqrest}"],
    ]);
    expect(reachingOperations(ops, "/zqthings7").map((op) => op.path)).toEqual(["/zqthings7", "/zqfiles/{zqrest}"]);
    expect(reachingOperations(ops, "/zqthings42/7").map((op) => op.path)).toEqual([
      "/zqthings42/{id}",
      "/zqfiles/{zqrest}",
    ]);
    expect(reachingOperations(ops, "/zqnothing").map((op) => op.path)).toEqual(["/zqfiles/{zqrest}"]);
  });
});

describe("the judge of a document of many operations", () => {
  const paths = Object.fromEntries(
    Array.from({ length: 60 }, (_, n) => [
      [`/zqthings${n}`, { get: { operationId: `listZq${n}`, responses: { "200": { description: "ok" } } } }],
      [`/zqthings${n}/{id}`, { ...pathItem(`/zqthings${n}/{id}`, "get"), delete: pathItem("/{id}", "delete").delete }],
    ]).flat(),
  );
  const text = JSON.stringify({ openapi: "3.0.3", info: { title: "zq", version: "1" }, paths });
  const judge = requestJudge(new OpenApiDocument(parseYamlSource(text, "zq.json")), { credential: "form" });
  const judged = (method: string, path: string) => {
    tried.count = 0;
    const { operation, refusals } = judge({ method, url: `https://zq.test${path}`, headers: new Headers() });
    return { operation, refusals: refusals.map((r) => r.message), tried: tried.count };
  };

  it("tries only the templates a request's path can reach, and judges as before", () => {
    expect(judged("GET", "/zqthings7")).toEqual({ operation: "listZq7", refusals: [], tried: 1 });
    // (The item's GET and DELETE: the two operations of its path.)
    expect(judged("GET", "/zqthings42/zq-1")).toMatchObject({ refusals: [], tried: 2 });
    expect(judged("POST", "/zqthings42/zq-1")).toEqual({
      refusals: ["the document declares GET, DELETE on this path, not POST"],
      tried: 2,
    });
    expect(judged("GET", "/zqnothing/zq")).toEqual({
      refusals: ['no path of the document matches "/zqnothing/zq"'],
      tried: 0,
    });
  });
});
