// The property case's check that each value given reached the wire, for a parameter named as a member every object
// has (`constructor`): the checked values were read by name from a plain record, so a call that left it unset was
// expected to send Object's function ('constructor as sent: expected "function Object() { [native code] }"') and the
// case failed though the request was right.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { draftedSubject } from "../__fixtures__/drafted-subject.js";
import { runCases } from "../run.js";
import type { Subject } from "../types.js";
import { propertyKind } from "./property.js";

const document = openapi({
  "/zqraces": {
    get: {
      operationId: "zqListRaces",
      parameters: [{ name: "constructor", in: "query", schema: { type: "string", maxLength: 8 } }],
      responses: {
        "200": { description: "", content: { "application/json": { schema: { type: "array", items: {} } } } },
      },
    },
  },
});

const root = mkdtempSync(join(runScratch(), "blockwright-zqraces-"));
let subject: Subject;
let server: Server;
let url: string;
beforeAll(async () => {
  subject = await draftedSubject(root, "zqraces", document, ["zqListRaces"]);
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json" }).end("[]");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe("a parameter named constructor in the property case", () => {
  it("random valid inputs, given it or not, pass", async () => {
    const results = await runCases(propertyKind.derive(subject.tools[0]!, subject), {
      mockUrl: () => url,
      seed: 7,
      runs: 30,
    });
    const valid = results.find((r) => r.id.includes("random valid inputs"));
    expect(valid).toMatchObject({ status: "passed" });
  });
});
