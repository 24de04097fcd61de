// Two operations of one method at one address, told apart only by a path key's fragment
// (`/zqblobs/{digest}#mode=chunk` beside `/zqblobs/{digest}`, as AutoRest writes them) and by a required header
// (`Range`) only the fragment's operation declares. The request judge, which chooses the operation the mock answers as,
// took the first of the two for every request: a chunk request was answered as the plain one (200 where only 206 is
// declared), or a plain request was refused for the Range it need not send. Each request is now its own operation's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-fragment-header-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const digest = { name: "digest", in: "path", required: true, schema: { type: "string" } };
const answer = (status: string, example: object) => ({
  [status]: { description: "ok", content: { "application/json": { schema: { type: "object" }, example } } },
});
const plain = { get: { operationId: "zqGetBlob", parameters: [digest], responses: answer("200", { zq: "whole" }) } };
const chunk = {
  get: {
    operationId: "zqGetBlobChunk",
    parameters: [digest, { name: "Range", in: "header", required: true, schema: { type: "string" } }],
    responses: answer("206", { zq: "chunk" }),
  },
};

describe("two operations of one path told apart by a fragment and a required header", () => {
  for (const [order, paths] of [
    ["plain key first", { "/zqblobs/{digest}": plain, "/zqblobs/{digest}#mode=chunk": chunk }],
    ["fragment key first", { "/zqblobs/{digest}#mode=chunk": chunk, "/zqblobs/{digest}": plain }],
  ] as const) {
    it(`answers each request as its own operation (${order})`, async () => {
      const dir = join(work, order.replaceAll(" ", "-"));
      mkdirSync(join(dir, "zqblobs"), { recursive: true });
      writeFileSync(join(dir, "zqblobs", "openapi.yaml"), JSON.stringify(openapi(paths)));
      const mocks = await startMocks(["zqblobs"], { specsDir: dir, logLevel: "silent" });
      try {
        const get = async (headers: Record<string, string>) => {
          const r = await fetch(`${mocks.urls.zqblobs}/zqblobs/zq-1`, {
            headers: { authorization: "Bearer zq-token-1", accept: "application/json", ...headers },
          });
          return [r.status, await r.json()];
        };
        expect(await get({ range: "bytes=0-9" })).toEqual([206, { zq: "chunk" }]);
        expect(await get({})).toEqual([200, { zq: "whole" }]);
      } finally {
        await mocks.close();
      }
    });
  }
});
