import { describe, expect, it, vi } from "vitest";
import { refPath, refTarget } from "./json-ref.js";

describe("refPath", () => {
  it("reads the fragment as a JSON pointer after URI-decoding it", () => {
    expect(refPath("#/paths/~1zq-pets~1{id}/get")).toEqual(["paths", "/zq-pets/{id}", "get"]);
    expect(refPath("#/components/schemas/Zq%20Thing")).toEqual(["components", "schemas", "Zq Thing"]);
    expect(refPath("zq-other.yaml")).toEqual([]);
    expect(refPath("#")).toEqual([]);
  });

  it("reads each reference once: the same path for every read of it, and a document's value found by it", () => {
    const decode = vi.spyOn(globalThis, "decodeURIComponent");
    try {
      const first = refPath("#/components/schemas/ZqRemembered");
      for (let i = 0; i < 3; i++) expect(refPath("#/components/schemas/ZqRemembered")).toBe(first);
      expect(decode).toHaveBeenCalledTimes(1);
    } finally {
      decode.mockRestore();
    }
    const first = refPath("#/components/schemas/ZqRemembered");
    const document = { components: { schemas: { ZqRemembered: { type: "string" } } } };
    expect(refTarget(document, "#/components/schemas/ZqRemembered")).toEqual({ type: "string" });
    expect(first).toEqual(["components", "schemas", "ZqRemembered"]);
  });

  it("refuses a fragment that is no pointer at every read, remembering no path for it", () => {
    for (let i = 0; i < 2; i++) {
      expect(() => refPath("#/zq%zz")).toThrow(URIError);
      expect(() => refPath("#zq-anchor")).toThrow(/JSON pointer starts with "\/"/);
    }
    expect(refTarget({ zq: 1 }, "#/zq%zz")).toBeUndefined();
  });
});
