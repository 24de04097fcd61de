// A JSON body field whose value is one of two object forms, one of which the upstream closes (`additionalProperties:
// false`): the runtime then refuses a value of that form holding a field it does not list, a call that was sent
// before. diff said nothing of it, the surface recording the forms' fields but not their closing; the closing is
// breaking, the opening minor, each naming the field and the form.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectSurfaces } from "../emit/generate-all.js";
import { drafted, type Json, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { diffSurfaces } from "./classify.js";
import type { Surface } from "./surface.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-closed-forms-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The document, its first form (`zqName`, `zqColor`) closed or not; the second (`zqSku`) open either way. */
function zqDocument(closed: boolean): Json {
  const named = {
    type: "object",
    required: ["zqName"],
    properties: { zqName: { type: "string" }, zqColor: { type: "string" } },
    ...(closed ? { additionalProperties: false } : {}),
  };
  const listed = { type: "object", required: ["zqSku"], properties: { zqSku: { type: "string" } } };
  const body = {
    type: "object",
    required: ["zqWidget"],
    properties: { zqWidget: { oneOf: [named, listed] }, zqNote: { type: "string" } },
  };
  return openapi({
    "/zqshapes": {
      post: {
        operationId: "zqPlaceShape",
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: { "200": reply({ type: "object", properties: { zqId: { type: "string" } } }, { zqId: "zq1" }) },
      },
    },
  });
}

/** The surface of the provider drafted from the open document, its document replaced by `document`. */
async function surfaceOf(document: Json): Promise<Surface> {
  const draft = drafted(zqDocument(false), ["zqPlaceShape"], "zqshape");
  const project = mkdtempSync(join(tmp, "p-"));
  const dir = join(project, "specs", "zqshape");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "manifest.yaml"), draft.manifestText);
  writeFileSync(join(dir, "openapi.yaml"), JSON.stringify(document));
  const surface = (await projectSurfaces({ root: project })).get("zqshape");
  if (!surface) throw new Error("no zqshape surface");
  return surface;
}

const changes = (a: Surface, b: Surface) =>
  diffSurfaces(a, b).map((c) => `${c.level} ${c.kind} ${c.subject}: ${c.rule} (${c.from} → ${c.to})`);

describe("a union's object form closed inside a JSON body field", () => {
  it("is breaking, naming the field and the form; opened again, minor", async () => {
    const [open, closed] = [await surfaceOf(zqDocument(false)), await surfaceOf(zqDocument(true))];
    expect(changes(open, closed)).toEqual([
      "breaking params-field-form-closed param zqWidget (value): request object form closed: a field it does not " +
        "list is refused (additionalProperties: false): form {zqColor,zqName} (open → closed)",
    ]);
    expect(changes(closed, open)).toEqual([
      "minor params-field-form-opened param zqWidget (value): request object form opened: fields it does not list " +
        "are accepted: form {zqColor,zqName} (closed → open)",
    ]);
    expect(changes(closed, closed)).toEqual([]);
  });
});
