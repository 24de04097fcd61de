// A discriminator's kind that the typed client cannot mark with its value (a kind that is a union of its own, one named
// by a bare name, one naming nothing) is a warning of the load, in our words and at its place; the types' step, which
// printed openapi-typescript's own "⚠ Discriminator mapping has an invalid schema" from inside generate, is silent.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { emitOpenApiNamespace } from "../../emit/types/emit-types.js";
import { loadOpenApi } from "../openapi-source.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const dir = mkdtempSync(join(runScratch(), "blockwright-unnarrowed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const document = `openapi: 3.0.3
info: { title: Zq tools, version: "1" }
paths:
  /zqtools:
    post:
      operationId: createZqTool
      requestBody:
        content:
          application/json:
            schema:
              oneOf:
                - $ref: "#/components/schemas/ZqLambda"
                - $ref: "#/components/schemas/ZqHook"
              discriminator: { propertyName: kind }
      responses:
        "200": { description: Made. }
  /zqrules:
    post:
      operationId: createZqRule
      requestBody:
        content:
          application/json:
            schema: { $ref: "#/components/schemas/ZqRule" }
      responses:
        "200": { description: Made. }
components:
  schemas:
    ZqRule:
      oneOf:
        - $ref: "#/components/schemas/ZqHook"
        - $ref: "#/components/schemas/ZqTimer"
      discriminator:
        propertyName: kind
        mapping:
          hook: "#/components/schemas/ZqHook"
          timer: ZqTimer
          gone: "#/components/schemas/ZqGone"
    ZqLambda:
      oneOf:
        - { type: object, properties: { kind: { type: string }, code: { type: string } } }
        - { type: object, properties: { kind: { type: string }, url: { type: string } } }
    ZqHook: { type: object, properties: { kind: { type: string }, url: { type: string } } }
    ZqTimer:
      allOf:
        - { type: object, properties: { kind: { type: string }, every: { type: integer } } }
`;

describe("a discriminator's kind the typed client cannot mark", () => {
  it("is a warning at its place naming the kind and why; kinds that are objects or allOfs say nothing", async () => {
    const file = join(dir, "openapi.yaml");
    writeFileSync(file, document);
    const loaded = await loadOpenApi(file, dir);
    const printed = loaded.warnings.map((w) => w.printed).sort();
    const tail = ': the typed client\'s type of that kind does not carry its "kind" value [BW1207]';
    expect(printed).toEqual(
      [
        'openapi.yaml:12:25: discriminator "kind" names "ZqLambda" by "#/components/schemas/ZqLambda", a schema that ' +
          `is neither an object nor an allOf (a union of its own)${tail}`,
        'openapi.yaml:36:18: discriminator "kind" names "timer" by "ZqTimer", a bare name, which the types\' step ' +
          `does not follow${tail}`,
        'openapi.yaml:37:17: discriminator "kind" names "gone" by "#/components/schemas/ZqGone", which names ' +
          `nothing${tail}`,
      ].sort(),
    );
  });

  it("leaves the types' step silent: openapi-typescript prints no warning of its own", async () => {
    const file = join(dir, "openapi.yaml");
    writeFileSync(file, document);
    const loaded = await loadOpenApi(file, dir);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const types = await emitOpenApiNamespace(loaded.source.data, "ZqTools");
      // The kinds that take a value still get it: the types are the same as before but for the printing.
      expect(types).toContain('kind: "ZqHook";');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
