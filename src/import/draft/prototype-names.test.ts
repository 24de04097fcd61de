// Parameters named as members of every JavaScript object (`constructor`, `toString`, `__proto__`): drafted, linked and
// checked as any other name. A record of parameters by name read `constructor` as the one every object inherits
// (generate refused the draft: "already a shared parameter"), and the draft's record took `__proto__` as its
// prototype, the parameter lost without a word and its notes at the top of the file.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  linkedTools,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string", maxLength: 40 };
const document = openapi({
  "/zqraces": {
    get: {
      operationId: "listZqRaces",
      parameters: ["constructor", "toString", "__proto__"].map((name) => ({ name, in: "query", schema: text })),
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "r1" }) },
    },
  },
});

describe("parameters named as an object's own members", () => {
  const d = drafted(document, ["listZqRaces"]);

  it("are drafted under their names; __proto__, which no call could send, is left out, said", () => {
    const op = Object.entries(d.manifest.operations)[0];
    expect(Object.keys(op?.[1].params ?? {})).toEqual(["constructor", "toString"]);
    expect(notesAt(d, `operations.${op?.[0]}`)).toContainEqual(
      expect.stringContaining("a query parameter named __proto__ not drafted"),
    );
  });

  it("link: no parameter is taken for a shared one", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    expect(tool?.params.map((p) => p.name)).toEqual(["accessToken", "constructor", "toString"]);
  });
});
