// The upstream's own wrong examples, a few a file, the rest counted; every other warning shown whole, in its place.
import { describe, expect, it } from "vitest";
import { PUBLISHED_LEFT_OUT } from "../../../load/examples/published-examples.js";
import { shownWarnings } from "./shown-warnings.js";

const published = (file: string, line: number) =>
  `${file}:${line}:7: the example of the schema at zq.${line} does not match its schema: (the whole example) must ` +
  `be boolean, got "true" ${PUBLISHED_LEFT_OUT}`;

describe("the warnings generate and add print", () => {
  it("show the upstream's wrong examples two a file, count the rest a file, and keep every other warning", () => {
    const other = "specs/zqa/manifest.yaml:4:3: zqa_do: a warning of another kind";
    const warnings = [
      published("specs/zqa/openapi.yaml", 1),
      published("specs/zqa/openapi.yaml", 2),
      published("specs/zqb/openapi.yaml", 1),
      published("specs/zqa/openapi.yaml", 3),
      other,
      published("specs/zqa/openapi.yaml", 4),
      published("specs/zqb/openapi.yaml", 2),
    ];
    expect(shownWarnings(warnings, 2)).toEqual([
      published("specs/zqa/openapi.yaml", 1),
      published("specs/zqa/openapi.yaml", 2),
      published("specs/zqb/openapi.yaml", 1),
      other,
      published("specs/zqb/openapi.yaml", 2),
      "specs/zqa/openapi.yaml: 2 more of the published document's own examples that do not match their schemas " +
        "(left out, mocks and the contract suite do not use them): `blockwright generate --json` lists every one",
    ]);
  });

  it("show them all where a file has no more than the most shown, and a file name holding a colon whole", () => {
    const file = "specs/zq:odd/openapi.yaml";
    const warnings = [published(file, 10), published(file, 11), published(file, 12)];
    expect(shownWarnings(warnings)).toEqual(warnings);
    expect(shownWarnings([...warnings, published(file, 13)]).at(-1)).toMatch(/^specs\/zq:odd\/openapi.yaml: 1 more /);
  });
});
