// A boolean whose enum allows one value (`confirmed: {type: boolean, enum: [true]}`, a confirmation the service takes
// only as true): add drafted a plain boolean with a note that a boolean parameter cannot state the enum, and its own
// final check then refused the draft (BW2006, "enum (none) is looser than … [true]"). It is drafted with the enum, as
// a boolean; an enum of both values restricts nothing and is drafted as none, and a default outside it is left out.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { paramTsType } from "../../emit/emit-tool-types.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zqmembers/{id}": {
    patch: {
      operationId: "zqUpdateMember",
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string", maxLength: 40 } },
        // A text of the value (JSON's quotes) and a default the enum refuses.
        { name: "zq_notify", in: "query", schema: { type: "boolean", enum: ["false"], default: true } },
        { name: "zq_either", in: "query", schema: { type: "boolean", enum: [true, false] } },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              // Optional: a required field of one value is a constant (one-value-body-fields.test.ts).
              properties: { confirmed: { type: "boolean", enum: [true] }, role: { type: "string" } },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a boolean whose enum allows one value", () => {
  const d = drafted(document, ["zqUpdateMember"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const params = d.manifest.operations[id]?.params ?? {};

  it("is drafted with that value as its enum, a boolean, and no note that it cannot be stated", () => {
    expect(params.confirmed).toMatchObject({ type: "boolean", enum: [true] });
    expect(params.zq_notify).toMatchObject({ type: "boolean", enum: [false] });
    expect(notesAt(d, `operations.${id}.params.confirmed`).join("\n")).not.toContain("cannot state");
  });

  it("of both values, is drafted without one; a default outside it is left out, with a note", () => {
    expect(params.zq_either).toEqual(expect.not.objectContaining({ enum: expect.anything() }));
    expect(params.zq_notify).not.toHaveProperty("default");
    expect(notesAt(d, `operations.${id}.params.zq_notify`).join("\n")).toContain("default true does not pass");
  });

  it("links (add's own final check), its type in the package the one value", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const confirmed = tool?.params.find((p) => p.name === "confirmed");
    expect(confirmed?.enum).toEqual([true]);
    expect(paramTsType(confirmed!)).toBe("true");
  });
});
