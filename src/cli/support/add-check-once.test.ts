// add's own check of a draft (checkJob) reads it twice when openapi.yaml stops generate before the manifest is
// linked: once as generate does, once linking the manifest to the texts so that one pass lists everything. A
// problem the link finds in openapi.yaml (here a key scheme whose header name is prose) was found by both and
// listed twice ("generate will stop on 2 problems", the same line twice).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkJob } from "./add-draft-job.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const project = mkdtempSync(join(runScratch(), "blockwright-check-once-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

const openapi = `openapi: 3.0.3
info: { title: Zq once, version: "1" }
servers: [ { url: "https://zqonce.example.com" } ]
security: [ { zqKey: [] } ]
paths:
  /zqonce:
    get:
      operationId: getZqonce
      responses:
        "200":
          description: ok
          content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
components:
  securitySchemes:
    zqKey: { type: apiKey, in: header, name: "Zq Once API Key" }
`;
const manifest = `provider: zqonce
name: Zq once
description: A fixture of add's check.
color: "#6B7280"
category: tools
docsUrl: https://zqonce.example.com/docs
openapi: openapi.yaml
server:
  default: https://zqonce.example.com
auth:
  scheme: zqKey
  param: apiKey
errors:
  message: [ $response.body#/message ]
params:
  apiKey: { type: string, title: API key, required: true, secret: true, maxLength: 2048, description: The key. }
operations:
  zqonce_get:
    operationId: getZqonce
    title: Get one
    description: Gets one.
    outputs:
      id: { type: string, description: The id., from: $response.body#/id }
`;

describe("add's check of a draft that generate would refuse", () => {
  it("lists each problem once", async () => {
    const folder = join(project, "specs", "zqonce");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "openapi.yaml"), openapi);
    writeFileSync(join(folder, "manifest.yaml"), manifest);
    const { problems } = await checkJob(project, folder, { manifest, openapi }, "specs/zqonce");
    expect(problems.some((p) => p.includes("a header name is a token") && p.includes('"Zq Once API Key"'))).toBe(true);
    expect(problems).toEqual([...new Set(problems)]);
  });
});
