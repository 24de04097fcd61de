// The drafted manifest's text: an object the draft holds in several places (one example shared by a hundred
// operations' outputs, as a whole API's draft holds it) was written once with an anchor and then as aliases, and the
// manifest reader, which bounds alias expansions against alias bombs (BW1004), refused the draft add had just written
// (asana.com, `--operations all`: 163 expansions). Written out at each place, it reads back as drafted.
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import type { Manifest } from "../load/precompiled/manifest-types.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { addReviewNotes, manifestYaml } from "./manifest-yaml.js";

describe("a drafted manifest holding one object in many places", () => {
  it("is written with no anchor or alias, and reads back whole under the reader's bounds", () => {
    const shared = { zqGid: "12345", zqName: "Zq task", zqTags: ["zq-a", "zq-b"] };
    const operations = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [
        `zqtasks_get_zq_task_${i}`,
        {
          operationId: `getZqTask${i}`,
          title: `Get zq task ${i}`,
          description: "Get a zq task.",
          outputs: { data: { type: "json", from: "$response.body", description: "The task.", example: shared } },
        },
      ]),
    );
    const manifest = { provider: "zqtasks", name: "Zq tasks", operations } as unknown as Manifest;
    const text = manifestYaml(manifest, [], ["A zq test."]);
    expect(text).not.toMatch(/[&*]a\d/);
    const read = parseYamlSource<Manifest>(text, "manifest.yaml").data;
    expect(Object.keys(read.operations)).toHaveLength(150);
    expect(read.operations.zqtasks_get_zq_task_149?.outputs?.data).toMatchObject({ example: shared });
  });
});

// A key set into a read manifest (upstream --accept's carry: `setIn` makes a pair whose key is a plain string) took
// its review note at the head of the file, far from what it asks to check.
describe("a review note on a key set after the manifest was read", () => {
  it("goes above that key, after any comment already there", () => {
    const doc = parseDocument("provider: zqdocks\noperations:\n  zqdocks_list:\n    # mine\n    title: List\n");
    doc.setIn(["operations", "zqdocks_list", "server"], "https://eu.zqdocks.invalid");
    addReviewNotes(doc, ["operations", "zqdocks_list", "server"], ["the address follows the newer document"]);
    addReviewNotes(doc, ["operations", "zqdocks_list", "title"], ["the title follows the newer document"]);
    expect(doc.toString()).toBe(
      "provider: zqdocks\noperations:\n  zqdocks_list:\n    # mine\n    # review: the title follows the newer " +
        "document\n    title: List\n    # review: the address follows the newer document\n" +
        "    server: https://eu.zqdocks.invalid\n",
    );
  });

  // Each later version's --accept wrote its note again above a text that followed the newer document once more (Cribl's
  // walk: one title with the same note twice, a description thrice).
  it("is not written twice above one key", () => {
    const doc = parseDocument("provider: zqdocks\ntitle: List\n");
    for (let i = 0; i < 3; i++) addReviewNotes(doc, ["title"], ["the title follows the newer document", "check it"]);
    addReviewNotes(doc, ["title"], ["another note"]);
    expect(doc.toString()).toBe(
      "provider: zqdocks\n# review: the title follows the newer document\n# review: check it\n" +
        "# review: another note\ntitle: List\n",
    );
  });
});

// A list that reads best on one line (an error's message places, an enum) ran past 150 columns where it was long: the
// writer keeps descriptions whole (`lineWidth: 0`), which never breaks a flow collection either.
describe("a drafted list of one-line kind", () => {
  it("stays on one line where it is short, and goes a line an item where it is long", () => {
    const places = ["message", "error/message", "error", "errors/0/message", "fault/faultstring"];
    const manifest = {
      provider: "zqlists",
      errors: { message: places.map((p) => `$response.body#/${p}`), code: ["$response.body#/zqcode"] },
      operations: {},
    } as unknown as Manifest;
    const text = manifestYaml(manifest, [], ["A zq test."]);
    expect(text).toContain("  code: [ $response.body#/zqcode ]\n");
    expect(text).toContain("  message:\n    - $response.body#/message\n    - $response.body#/error/message\n");
    expect(Math.max(...text.split("\n").map((line) => line.length))).toBeLessThanOrEqual(100);
    expect(parseYamlSource<Manifest>(text, "manifest.yaml").data).toEqual(manifest);
  });
});
