import jsyaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { isNameRef, writesOnlyLocalRefs } from "./file-refs.js";

describe("isNameRef: a $ref that is a name, not a file", () => {
  it("is a bare, a namespaced or a dotted type name (.NET, Java: its last part starts upper-case)", () => {
    for (const name of ["ZqPet", "Zq\\Entity\\Queue", "Zq.Model.Pet", "zq.model.Pet", "Zq.Api.V2", "zq.Thing.Record"])
      expect(isNameRef(name), name).toBe(true);
  });

  it("is not a file with an extension (a document's in any case, or a lower-case one), a path nor a place", () => {
    for (const file of [
      "zqpet.yaml",
      "zqpet.yml",
      "zqpet.json",
      "ZqPet.JSON",
      "Zq.Pet.Yaml",
      "zqintro.md",
      "zq.model.v2",
      "./schemas/zqpet.yaml",
      "common.yaml#/ZqPet",
      "#/components/schemas/ZqPet",
      "https://zq.example/zqpet",
      "",
    ])
      expect(isNameRef(file), file).toBe(false);
  });
});

/** Whether parsed data holds a `$ref` naming no place of its own document, as the load's walk reads it. */
function namesAnotherFile(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && !ref.startsWith("#")) return true;
  return Object.values(node).some(namesAnotherFile);
}

describe("writesOnlyLocalRefs: a text whose every $ref is a place in itself, read without its data", () => {
  const local = [
    'zqa:\n  $ref: \'#/components/schemas/Zq\'\nzqb:\n  - "$ref": "#/zq"\n',
    '{"zqa": {"$ref": "#/zq"}, "zqb": [{"$ref" : "#/zq/0"}]}',
    "# Cut to what zqa and everything they $ref, as published.\nzqa:\n  $ref: '#/zq'\n",
    "zqa:\n  description: |\n    # $ref: ./zq.yaml\n  zqb: 1\n",
    "zqa: 1\n",
  ];
  // Each of these names a file, or is written in a way only a parse reads (an escape, a key on its own line, an alias,
  // a comment between the key and its value, a block text's line).
  const unread = [
    "zqa:\n  $ref: ./zq.yaml\n",
    'zqa:\n  $ref: "zq.yaml#/Zq"\n',
    'zqa:\n  "\\x24ref": ./zq.yaml\n',
    '{"zqa": {"\\u0024ref": "zq.json"}}',
    "zqa:\n  ? $ref\n  : ./zq.yaml\n",
    "zqa:\n  $ref:\n    './zq.yaml'\n",
    "zqb: &zq ./zq.yaml\nzqa:\n  $ref: *zq\n",
    "zqa:\n  $ref: # the file\n    ./zq.yaml\n",
    "zqa:\n  description: |\n    $ref: '#/zq'\n    $ref: ./zq.yaml\n",
    "zqa: {$ref: zq.yaml}\n",
    // A quoted text of several lines, one starting with `#`, the `$ref` after its closing quote (review53).
    'zqa: {zqb: "abc\n  #def", $ref: ./zq.yaml}\n',
    "zqa: {zqb: 'abc\n  #def', $ref: ./zq.yaml}\n",
    'zqa: ["x\n  #y", {$ref: ./zq.yaml}]\n',
    // An anchored key whose alias keys a file; an escaped line break joining the key; breaks other than \n.
    "zqb:\n  &k $ref: '#/zqc'\nzqa:\n  *k : ./zq.yaml\nzqc: 1\n",
    '? "$re\\\n  f"\n: ./zq.yaml\n',
    "# zq doc\rzqa:\r  $ref: ./zq.yaml\r",
    "# zq doc\u0085zqa:\n  $ref: ./zq.yaml\n",
  ];

  it("says so of texts writing each $ref as a quoted place, or in a comment or a block text's comment line", () => {
    for (const text of local) expect(writesOnlyLocalRefs(text), text).toBe(true);
  });

  it("gives no answer (false) for a $ref to a file or one written otherwise, which the data's walk reads", () => {
    for (const text of unread) expect(writesOnlyLocalRefs(text), text).toBe(false);
  });

  it("never says so of a text whose data names another file", () => {
    for (const text of [...local, ...unread])
      if (writesOnlyLocalRefs(text)) expect(namesAnotherFile(jsyaml.load(text)), text).toBe(false);
    expect(unread.filter((text) => namesAnotherFile(jsyaml.load(text))).length).toBeGreaterThan(6);
  });

  it("reads a one-line JSON text of many keys once, not its line again at each $ref", () => {
    // 100,000 local references on one line (5 MB): the look back at each was the whole line, minutes of CPU for a
    // large document's generate; read once, it is a fraction of a second, and the suite's time limit catches a hang.
    const refs = Array.from({ length: 100_000 }, (_, i) => `"zq${i}":{"$ref":"#/zq"}`).join(",");
    expect(writesOnlyLocalRefs(`{${refs}}`)).toBe(true);
    expect(writesOnlyLocalRefs(`{${refs},"zqx":{"$ref":"zq.json"}}`)).toBe(false);
  });
});
