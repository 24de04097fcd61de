// `partHeaders` linked against the document's encoding headers: a header the document's encoding of the field does
// not declare, a field the multipart body does not have, a body that is no multipart one, a header the document
// requires left out and a header parameter with a wire of its own each fail at their place in the manifest
// (file:line:col); a constant header agrees and is sent with the part.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../../import/__fixtures__/draft-kit.js";
import { registryFromSurfaces } from "../../changes/registry.js";
import { buildSurface } from "../../emit/emit-surface.js";
import { linkProvider } from "../../emit/link-provider.js";
import { readHashes } from "../../emit/provider-stamp.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { handManifest, handWritten } from "../__fixtures__/hand-written.js";

const work = mkdtempSync(join(runScratch(), "zqscans-"));
afterAll(() => {
  rmSync(draftWorkFolder, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const document = (mediaType = "multipart/form-data") =>
  openapi({
    "/zqscans": {
      post: {
        operationId: "zqAddScan",
        requestBody: {
          required: true,
          content: {
            [mediaType]: {
              schema: {
                type: "object",
                required: ["scan"],
                properties: { scan: { type: "string", format: "binary" } },
              },
              encoding: {
                scan: {
                  headers: {
                    "X-Zq-Scanner": { required: true, schema: { type: "string", enum: ["zq-a1", "zq-b2"] } },
                    "X-Zq-Note": { schema: { type: "string" } },
                  },
                },
              },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  });

const manifestWith = (operation: Record<string, unknown>) =>
  handManifest("zqscans", "Scans of a made-up scanning service.", {
    operations: {
      zqscans_add: {
        operationId: "zqAddScan",
        title: "Add",
        description: "Adds a scan.",
        params: { scan: { type: "file", required: true, description: "The scan.", wire: { in: "body" } } },
        outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
        ...operation,
      },
    },
  });

const PNG = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });

const problems = (operation: Record<string, unknown>, mediaType?: string) =>
  linkProblems(handWritten(document(mediaType), manifestWith(operation)), "zqscans");

describe("partHeaders against the document's encoding headers", () => {
  it("fails on a header the field's encoding does not declare, at its place", async () => {
    const found = await problems({
      partHeaders: { scan: { "X-Zq-Scanner": { value: "zq-a1" }, "X-Zq-Other": { value: "zq" } } },
    });
    expect(found).toEqual([
      expect.stringMatching(
        /manifest\.yaml:\d+:\d+.*declares no part header "X-Zq-Other" \(it declares: X-Zq-Scanner, X-Zq-Note\)/,
      ),
    ]);
  });

  it("fails on a field the body does not have, and on a required header left out", async () => {
    expect(await problems({ partHeaders: { scans: { "X-Zq-Scanner": { value: "zq-a1" } } } })).toEqual([
      expect.stringMatching(/manifest\.yaml:\d+:\d+.*has no multipart field "scans" \(its fields: scan\)/),
    ]);
    expect(await problems({ partHeaders: { scan: { "X-Zq-Note": { value: "zq" } } } })).toEqual([
      expect.stringMatching(/manifest\.yaml:\d+:\d+.*requires the part header "X-Zq-Scanner" of field "scan"/),
    ]);
  });

  it("fails on a body that is no multipart one, and on a header parameter with a wire of its own", async () => {
    expect(
      await problems({ partHeaders: { scan: { "X-Zq-Scanner": { value: "zq-a1" } } } }, "application/zq-scan"),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/manifest\.yaml:\d+:\d+.*part headers go with the parts of a multipart/),
      ]),
    );
    const params = {
      scan: { type: "file", required: true, description: "The scan.", wire: { in: "body" } },
      scanner: {
        type: "string",
        required: true,
        description: "Which scanner.",
        wire: { in: "header", name: "X-Zq-Scanner" },
      },
    };
    expect(await problems({ params, partHeaders: { scan: { "X-Zq-Scanner": { param: "scanner" } } } })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/manifest\.yaml:\d+:\d+.*"scanner" is a part header \(partHeaders\)/),
      ]),
    );
  });

  it("links a constant header sent with the part, held to the values the header lists", async () => {
    const d = handWritten(document(), manifestWith({ partHeaders: { scan: { "X-Zq-Scanner": { value: "zq-a1" } } } }));
    expect(await linkProblems(d, "zqscans")).toEqual([]);
    const [tool] = await linkedTools(d, "zqscans");
    const { sent, judged } = await judgedCall(d, tool!, { accessToken: "zq-token-0000000001", scan: PNG });
    expect(new TextDecoder().decode(sent.body as Uint8Array)).toMatch(/\r\nX-Zq-Scanner: zq-a1\r\n\r\n/);
    expect(judged.refusals).toEqual([]);
    expect(await problems({ partHeaders: { scan: { "X-Zq-Scanner": { value: "zq-c3" } } } })).toEqual([
      expect.stringMatching(/manifest\.yaml:\d+:\d+.*"zq-c3" is not one of the values .*"zq-a1", "zq-b2"/),
    ]);
  });

  it("sends a parameter's value there, which the request judge holds to the header's schema", async () => {
    const params = {
      scan: { type: "file", required: true, description: "The scan.", wire: { in: "body" } },
      scanner: { type: "string", required: true, description: "Which scanner." },
    };
    const d = handWritten(
      document(),
      manifestWith({ params, partHeaders: { scan: { "X-Zq-Scanner": { param: "scanner" } } } }),
    );
    expect(await linkProblems(d, "zqscans")).toEqual([]);
    const [tool] = await linkedTools(d, "zqscans");
    const call = (scanner: string) => judgedCall(d, tool!, { accessToken: "zq-token-0000000001", scan: PNG, scanner });
    const taken = await call("zq-b2");
    expect(new TextDecoder().decode(taken.sent.body as Uint8Array)).toMatch(/\r\nX-Zq-Scanner: zq-b2\r\n\r\n/);
    expect(taken.judged.refusals).toEqual([]);
    const off = await call("zq-c3");
    expect(off.judged.refusals.map((r) => [r.rule, r.message])).toEqual([
      [
        "encoding.headers",
        expect.stringContaining('the part header X-Zq-Scanner is "zq-c3": not one of "zq-a1", "zq-b2"'),
      ],
    ]);
  });

  it("records the parameter's place in the surface, which diff's registry reads back as that place", async () => {
    const params = {
      scan: { type: "file", required: true, description: "The scan.", wire: { in: "body" } },
      scanner: { type: "string", required: true, description: "Which scanner." },
    };
    const d = handWritten(
      document(),
      manifestWith({ params, partHeaders: { scan: { "X-Zq-Scanner": { param: "scanner" } } } }),
    );
    const dir = join(work, "specs", "zqscans");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const { ir, document: linked, inputs } = await linkProvider(work, dir);
    const schemas = linked.surfaceSchemas();
    const surface = buildSurface(ir, {
      packageName: "@zq/scans",
      packageVersion: "0.1.0",
      generator: { name: "g", version: "1" },
      read: readHashes(inputs),
      bodySchema: schemas.bodySchema,
      requestSchema: schemas.requestSchema,
      resolveRef: schemas.resolveRef,
    });
    const scanner = registryFromSurfaces([surface]).tools.zqscans_add?.params.find((p) => p.name === "scanner");
    expect(scanner?.wire).toEqual({ in: "part", field: "scan", name: "X-Zq-Scanner" });
  });
});
