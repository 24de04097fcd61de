// A path key holding fixed query pairs (`/zqservices?funcs=zqnews&mobile=1`,
// as a published document writes an RPC-style endpoint): a request reaches
// the path before the `?`, with those pairs and its own parameters in the
// query. Prism matched no route to `/zqservices` (the key is not a path) and
// answered 404 to every call; the mock and its request judge route it by the
// path, and the contract suite's request check reads the pairs as the
// operation's own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { routePath, servedKeyPath, sharedRoutePaths } from "../load/operation-index.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-path-query-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const document = openapi({
  "/zqservices?funcs=zqnews&mobile=1": {
    get: {
      operationId: "getZqnews",
      parameters: [{ name: "language", in: "query", required: true, schema: { type: "string", enum: ["US", "JP"] } }],
      responses: {
        "200": {
          description: "ok",
          content: { "application/json": { schema: { type: "object" }, example: { zqnews: [] } } },
        },
      },
    },
  },
});

describe("a path key holding fixed query pairs", () => {
  it("is routed by the path before its `?` (and `#`)", () => {
    expect(routePath("/zqservices?funcs=zqnews&mobile=1")).toBe("/zqservices");
    expect(routePath("/zqtags/{arn}#zqkeys")).toBe("/zqtags/{arn}");
    expect(routePath("/zqplain/{id}")).toBe("/zqplain/{id}");
  });

  it("is answered by the mock, its own parameters still judged", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqservices"), { recursive: true });
    writeFileSync(join(dir, "zqservices", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqservices"], { specsDir: dir, logLevel: "silent" });
    try {
      const answer = async (query: string) => {
        const response = await fetch(`${mocks.urls.zqservices}/zqservices?${query}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        return { status: response.status, body: await response.json() };
      };
      expect(await answer("funcs=zqnews&mobile=1&language=US")).toEqual({ status: 200, body: { zqnews: [] } });
      expect((await answer("funcs=zqnews&mobile=1&language=FR")).status).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});

// Several keys of one path and method told apart by a fixed query pair alone (`/zqrpc?call=zq.alpha`,
// `/zqrpc?call=zq.beta`, an RPC-style API's methods): Prism, routing on the path before the `?`, held every request to
// the first key's operation and refused the others' ("must have required property 'alpha_id'").
const rpcOperation = (name: string) => ({
  get: {
    operationId: `zqCall_${name}`,
    parameters: [{ name: `${name}_id`, in: "query", required: true, schema: { type: "string" } }],
    responses: {
      "200": {
        description: "ok",
        content: { "application/json": { schema: { type: "object" }, example: { answered: name } } },
      },
    },
  },
});

describe("keys of one path told apart by fixed query pairs", () => {
  it("are each served to the requests that carry their pairs", async () => {
    const dir = join(work, "rpc-specs");
    mkdirSync(join(dir, "zqrpc"), { recursive: true });
    writeFileSync(
      join(dir, "zqrpc", "openapi.yaml"),
      JSON.stringify(
        openapi({
          "/zqrpc?call=zq.alpha": rpcOperation("alpha"),
          "/zqrpc?call=zq.beta": rpcOperation("beta"),
          "/zqrpc?call=zq.gamma&zone=a/b": rpcOperation("gamma"),
        }),
      ),
    );
    const mocks = await startMocks(["zqrpc"], { specsDir: dir, logLevel: "silent" });
    try {
      const answer = async (query: string) => {
        const response = await fetch(`${mocks.urls.zqrpc}/zqrpc?${query}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        return { status: response.status, body: await response.json() };
      };
      expect(await answer("call=zq.alpha&alpha_id=1")).toEqual({ status: 200, body: { answered: "alpha" } });
      expect(await answer("call=zq.beta&beta_id=2")).toEqual({ status: 200, body: { answered: "beta" } });
      expect(await answer("call=zq.gamma&zone=a%2Fb&gamma_id=3")).toEqual({ status: 200, body: { answered: "gamma" } });
      expect((await answer("call=zq.beta&alpha_id=2")).status).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});

// Several keys of one path and method told apart by which parameter their own query holds
// (`/zqhistory?zq_city={zq_city}` beside `/zqhistory?zq_zip={zq_zip}`): Prism, routing on the path before the `?`, held
// every request to the first key's operation and refused the others' ("must have required property 'zq_city'").
const byParameter = (name: string) => ({
  get: {
    operationId: `zqHistory_${name}`,
    parameters: [
      { name, in: "path", required: true, schema: { type: "string" } },
      { name: "zq_day", in: "query", required: true, schema: { type: "string" } },
    ],
    responses: {
      "200": {
        description: "ok",
        content: { "application/json": { schema: { type: "object" }, example: { answered: name } } },
      },
    },
  },
});

describe("keys of one path told apart by the parameter their query holds", () => {
  it("are each served at a path of their own; a key alone on its path keeps its own", () => {
    const keys = ["/zqhistory?zq_city={zq_city}", "/zqhistory?zq_zip={zq_zip}", "/zqrides?page={page}"];
    const shared = sharedRoutePaths(keys);
    expect(keys.map((key) => servedKeyPath(key, shared))).toEqual([
      "/zqhistory/~zq_city",
      "/zqhistory/~zq_zip",
      "/zqrides?page={page}",
    ]);
  });

  it("are each served to the requests that carry their parameter", async () => {
    const dir = join(work, "history-specs");
    mkdirSync(join(dir, "zqhistory"), { recursive: true });
    writeFileSync(
      join(dir, "zqhistory", "openapi.yaml"),
      JSON.stringify(
        openapi({
          "/zqhistory?zq_city={zq_city}": byParameter("zq_city"),
          "/zqhistory?zq_zip={zq_zip}": byParameter("zq_zip"),
        }),
      ),
    );
    const mocks = await startMocks(["zqhistory"], { specsDir: dir, logLevel: "silent" });
    try {
      const answer = async (query: string) => {
        const response = await fetch(`${mocks.urls.zqhistory}/zqhistory?${query}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        return { status: response.status, body: await response.json() };
      };
      expect(await answer("zq_city=7&zq_day=1")).toEqual({ status: 200, body: { answered: "zq_city" } });
      expect(await answer("zq_zip=80301&zq_day=1")).toEqual({ status: 200, body: { answered: "zq_zip" } });
      expect((await answer("zq_zip=80301")).status).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});

// Several keys of one path and method told apart by a fragment (`/#Zq-Target=Zq.Alpha`, as JSON-RPC-style API
// documents write one operation per value of a header): Prism, routing on the path before the `#`, held every request
// to the first key's operation and refused the others' ("x-zq-target must be equal to one of the allowed values").
const targetOperation = (name: string) => ({
  post: {
    operationId: `zqTarget_${name}`,
    parameters: [
      { name: "X-Zq-Target", in: "header", required: true, schema: { type: "string", enum: [`Zq.${name}`] } },
    ],
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: { type: "object", required: [`${name}Id`], properties: { [`${name}Id`]: { type: "string" } } },
        },
      },
    },
    responses: {
      "200": {
        description: "ok",
        content: { "application/json": { schema: { type: "object" }, example: { answered: name } } },
      },
    },
  },
});

describe("keys of one path told apart by a fragment", () => {
  it("are each served to the requests their own parameters fit", async () => {
    const dir = join(work, "fragment-specs");
    mkdirSync(join(dir, "zqtarget"), { recursive: true });
    writeFileSync(
      join(dir, "zqtarget", "openapi.yaml"),
      JSON.stringify(
        openapi({
          "/#X-Zq-Target=Zq.Alpha": targetOperation("Alpha"),
          "/#X-Zq-Target=Zq.Beta": targetOperation("Beta"),
          "/zqlone/{id}#zq-only": targetOperation("Gamma"),
        }),
      ),
    );
    const mocks = await startMocks(["zqtarget"], { specsDir: dir, logLevel: "silent" });
    try {
      const answer = async (path: string, target: string, body: object) => {
        const response = await fetch(`${mocks.urls.zqtarget}${path}`, {
          method: "POST",
          headers: {
            authorization: "Bearer zq-token-1",
            accept: "application/json",
            "content-type": "application/json",
            "x-zq-target": target,
          },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      };
      expect(await answer("/", "Zq.Alpha", { AlphaId: "a" })).toEqual({ status: 200, body: { answered: "Alpha" } });
      expect(await answer("/", "Zq.Beta", { BetaId: "b" })).toEqual({ status: 200, body: { answered: "Beta" } });
      expect(await answer("/zqlone/7", "Zq.Gamma", { GammaId: "c" })).toEqual({
        status: 200,
        body: { answered: "Gamma" },
      });
      expect((await answer("/", "Zq.Beta", { AlphaId: "a" })).status).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
