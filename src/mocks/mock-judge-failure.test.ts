// A defect of the request judge (an exception on a request it cannot read)
// answers that request 500 with a problem naming the failure, and the mock
// keeps serving: an exception thrown in the judge's promise would end the
// whole process (the suite's exit 70, every other case lost).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { requestJudge } from "../judge/judge.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { withJudge } from "./mock-judge.js";

const throwing: typeof requestJudge = () => () => {
  throw new TypeError("Cannot convert undefined or null to object");
};

const DOCUMENT = `
openapi: 3.0.3
info: { title: zqfault, version: "1" }
paths:
  /zqitems:
    get:
      operationId: listZqItems
      responses: { "200": { description: ok } }
`;

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

describe("a mock whose request judge throws", () => {
  it("answers 500 naming the judge's failure, and answers the next request too", async () => {
    const document = new OpenApiDocument(parseYamlSource(DOCUMENT, "zqfault.yaml"));
    const reached = vi.fn((_req, res) => res.end("prism"));
    server = createServer(withJudge(reached, document, "", () => false, throwing));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`http://127.0.0.1:${port}/zqitems`);
      expect(answer.status).toBe(500);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(await answer.json()).toMatchObject({
        title: "The request judge failed",
        status: 500,
        detail: "Cannot convert undefined or null to object",
      });
    }
    expect(reached).not.toHaveBeenCalled();
  });
});
