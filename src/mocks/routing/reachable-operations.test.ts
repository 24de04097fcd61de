// Prism's router scored and sorted every operation a mock serves for each request: a run's routing grew with the
// operations × the requests (GitHub's whole document, 845 operations, spent a third of its `test` CPU there). The
// mocks now give Prism's router only the operations a request's path can reach; what it chooses, and the errors of a
// request no operation takes, must stay Prism's own over all of them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { startMocks } from "../mocks.js";
import { type PrismRoute, reachingRoute } from "./reachable-operations.js";

type Operation = { id: string; method: string; path: string };
type Input = { method: string; url: { path: string; baseUrl?: string } };
type Route = PrismRoute<Operation, Input, unknown>;

const prism = createRequire(import.meta.url)("../../vendor/prism.cjs") as {
  route: Route;
  isTemplated: (s: string) => boolean;
};

/** What a route answers, comparable: the operation chosen, or the error's name, status and words. */
function outcome(result: unknown): unknown {
  const either = result as { _tag: "Left"; left: Error & { status?: number } } | { _tag: "Right"; right: Operation };
  if (either._tag === "Right") return { chose: either.right.id };
  return { error: either.left.name, status: either.left.status, message: either.left.message };
}

const segment = fc.constantFrom("zqa", "zqb", "{id}", "{id}.json", "zq%20c", "zq c", "x{n}y", "", "zq%zz");
const path = fc.array(segment, { minLength: 0, maxLength: 4 }).map((s) => `/${s.join("/")}`);
const method = fc.constantFrom("get", "post", "delete");
const requestSegment = fc.constantFrom("zqa", "zqb", "7", "7.json", "zq%20c", "zq c", "xqy", "", "zq%zz", "%7Bid%7D");

describe("Prism's router given the operations a request's path can reach", () => {
  it("chooses as Prism's router over all of them, and errs alike", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(method, path), { minLength: 1, maxLength: 12 }),
        fc.tuple(method, fc.array(requestSegment, { minLength: 0, maxLength: 4 })),
        (ops, [asked, segments]) => {
          const resources = ops.map(([m, p], i) => ({ id: `zq-${i}`, method: m, path: p }));
          const input = { method: asked, url: { path: `/${segments.join("/")}` } };
          const reaching = reachingRoute(prism.route, prism.isTemplated);
          expect(outcome(reaching({ resources, input }))).toEqual(outcome(prism.route({ resources, input })));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("keeps the mock's order among operations Prism's router scores alike", () => {
    const alike = [
      { id: "zq-1", method: "get", path: "/{id}/zqb" },
      { id: "zq-2", method: "get", path: "/zqa/{id}" },
    ];
    const input = { method: "get", url: { path: "/zqa/zqb" } };
    const reaching = reachingRoute(prism.route, prism.isTemplated);
    for (const resources of [alike, [...alike].reverse()])
      expect(outcome(reaching({ resources, input }))).toEqual(outcome(prism.route({ resources, input })));
  });

  it("routes a request none can reach, or naming a server, among all", () => {
    const seen: number[] = [];
    const counting: Route = (o) => {
      seen.push(o.resources.length);
      return prism.route(o);
    };
    const resources = [
      { id: "zq-1", method: "get", path: "/zqa/{id}" },
      { id: "zq-2", method: "get", path: "/zqb" },
    ];
    const route = reachingRoute(counting, prism.isTemplated);
    expect(outcome(route({ resources, input: { method: "get", url: { path: "/zqc" } } }))).toMatchObject({
      status: 404,
    });
    route({ resources, input: { method: "get", url: { path: "/zqb", baseUrl: "https://zq.test" } } });
    route({ resources, input: { method: "get", url: { path: "/zqa/7" } } });
    expect(seen).toEqual([2, 2, 1]);
  });
});

describe("a mock of many operations", () => {
  const work = mkdtempSync(join(tmpdir(), "blockwright-reachable-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("gives Prism's router only the operations a request's path can reach, and answers as before", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqmany"), { recursive: true });
    const answer = (n: number) => ({
      "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: { n } } } },
    });
    const id = { name: "id", in: "path", required: true, schema: { type: "string" } };
    const paths = Object.fromEntries(
      Array.from({ length: 60 }, (_, n) => [
        [`/zqthings${n}`, { get: { operationId: `listZq${n}`, responses: answer(n) } }],
        [`/zqthings${n}/{id}`, { get: { operationId: `getZq${n}`, parameters: [id], responses: answer(1000 + n) } }],
      ]).flat(),
    );
    writeFileSync(join(dir, "zqmany", "openapi.yaml"), JSON.stringify(openapi(paths)));
    // The router the mocks read from Prism's entry points, counted (the same module the mocks require).
    const original = prism.route;
    const given: number[] = [];
    prism.route = (o) => {
      given.push(o.resources.length);
      return original(o);
    };
    const mocks = await startMocks(["zqmany"], { specsDir: dir, logLevel: "silent" }).finally(() => {
      prism.route = original;
    });
    try {
      const get = async (p: string) => {
        const r = await fetch(`${mocks.urls.zqmany}${p}`, { headers: { authorization: "Bearer zq-token-1" } });
        return [r.status, await r.json()];
      };
      expect(await get("/zqthings7")).toEqual([200, { n: 7 }]);
      expect(await get("/zqthings42/zq-1")).toEqual([200, { n: 1042 }]);
      expect(given).toEqual([1, 1]);
      // A path no operation has: Prism's 404 over all of them, as before.
      const [status, problem] = await get("/zqnothing");
      expect([status, (problem as { type?: string }).type]).toEqual([404, expect.stringContaining("NO_PATH_MATCHED")]);
      expect(given).toEqual([1, 1, 120]);
    } finally {
      await mocks.close();
    }
  });
});
