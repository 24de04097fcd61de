// The outputs a block made of a live answer, against the outputs its
// manifest declares: on a fixture provider of this test's own, linked as
// `generate` links it.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fieldOf } from "@blockwright/runtime/internal";
import { linkProvider } from "../emit/link-provider.js";
import type { Subject } from "../contract/types.js";
import { loadYamlSource } from "../load/yaml-source.js";
import { lineOf } from "./__fixtures__/subject.js";
import { outputDrift } from "./output-check.js";

const root = fileURLToPath(new URL("./__fixtures__/", import.meta.url));
const { ir, document } = await linkProvider(root, join(root, "shelf"));
const manifest = loadYamlSource(join(root, ir.sources.manifest), ir.sources.manifest);
const subject: Subject = { provider: ir.provider, tools: ir.operations.map((o) => o.tool), document, manifest };
const tool = fieldOf(Object.fromEntries(subject.tools.map((t) => [t.id, t])), "shelf_get_volume");
const line = (marker: string) => lineOf(manifest.text, marker);

describe("the outputs of a live answer", () => {
  it("find nothing when every promised output is there with its type (an optional one may be absent)", () => {
    expect(
      outputDrift(subject, tool, { found: true, data: { id: "v1" }, metadata: { id: "v1", pageCount: 12 } }, 200),
    ).toEqual([]);
    expect(
      outputDrift(
        subject,
        tool,
        { found: true, data: { id: "v1" }, metadata: { id: "v1", pageCount: 12, etag: "x" } },
        200,
      ),
    ).toEqual([]);
  });

  it("report an output of another type than declared, at the output in the manifest", () => {
    expect(outputDrift(subject, tool, { found: true, data: {}, metadata: { id: "v1", pageCount: "12" } }, 200)).toEqual(
      [
        {
          operation: "shelf_get_volume",
          kind: "output",
          pointer: "/outputs/metadata/pageCount",
          message: 'output metadata.pageCount must be number or null, got "12"',
          at: { file: ir.sources.manifest, line: line("metadata.pageCount: { type: number"), col: 7 },
        },
      ],
    );
  });

  it("report an absent output, and each output of an absent group", () => {
    expect(outputDrift(subject, tool, { data: {}, metadata: { id: "v1", pageCount: 1 } }, 200)).toEqual([
      {
        operation: "shelf_get_volume",
        kind: "output",
        pointer: "/outputs/found",
        message: "output found (boolean) is absent",
        at: { file: ir.sources.manifest, line: line("found: { type: boolean"), col: 7 },
      },
    ]);
    expect(outputDrift(subject, tool, { found: true, data: {} }, 200).map((d) => [d.pointer, d.at?.line])).toEqual([
      ["/outputs/metadata/id", line("metadata.id: { type: string")],
      ["/outputs/metadata/pageCount", line("metadata.pageCount: { type: number")],
    ]);
  });

  it("hold an outcome's answer to the outcome's outputs, absent ones named at the outcome's source", () => {
    expect(
      outputDrift(subject, tool, { found: false, data: { message: "no" }, metadata: { id: "no", pageCount: 0 } }, 404),
    ).toEqual([]);
    expect(outputDrift(subject, tool, { data: { message: "no" }, metadata: { id: "no", pageCount: 0 } }, 404)).toEqual([
      {
        operation: "shelf_get_volume",
        kind: "output",
        pointer: "/outputs/found",
        message: "output found (boolean) is absent",
        at: { file: ir.sources.manifest, line: line("found: { value: false }"), col: 11 },
      },
    ]);
  });

  it("carry no patch of the OpenAPI document", () => {
    for (const d of outputDrift(subject, tool, { metadata: { id: 1 } }, 200)) expect(d.overlay).toBeUndefined();
  });
});
