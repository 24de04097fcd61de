import { describe, expect, it } from "vitest";
import { isNameRef } from "./file-refs.js";

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
