// A query parameter whose one value is empty text (`enum: [""]`, a flag sent as `?zqflag=`): add drafted it with no
// enum (the runtime never sends "" for a parameter), and its own final check refused the draft ("enum (none) is looser
// than … [""]"). A required one is an operation constant "" the package sends itself (`?zqflag=`); an optional one,
// which can never be sent, is not drafted, with a note.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
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
  "/zqitems": {
    get: {
      operationId: "zqListItems",
      parameters: [
        { name: "zqflag", in: "query", required: true, schema: { type: "string", enum: [""] } },
        { name: "zqclear", in: "query", required: false, schema: { type: "string", enum: [""] } },
        { name: "zqname", in: "query", required: false, schema: { type: "string", maxLength: 20 } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a query parameter whose one value is empty text", () => {
  const d = drafted(document, ["zqListItems"]);
  const id = Object.keys(d.manifest.operations)[0] ?? "";
  const operation = d.manifest.operations[id];

  it('required: drafted as an operation constant with value "", sent as zqflag=', () => {
    expect(operation?.constants).toEqual([{ in: "query", name: "zqflag", value: "" }]);
    expect(notesAt(d, `operations.${id}.constants`).join("\n")).toContain("sent as zqflag= with no value");
  });

  it("optional: not drafted (it can never be sent), with a note", () => {
    expect(Object.keys(operation?.params ?? {})).toEqual(["zqname"]);
    expect(notesAt(d, `operations.${id}`).join("\n")).toContain('the spec allows zqclear only ""');
  });

  it("links, and the tool sends the constant", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === id);
    expect(tool?.constants).toEqual([{ in: "query", name: "zqflag", value: "" }]);
  });
});
