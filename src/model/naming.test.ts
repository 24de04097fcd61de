// Names made from ids: the same answer on every call (they are remembered), and a word that is a property of every
// JavaScript object read as a word.
import { describe, expect, it } from "vitest";
import { camelCase, pascalCase, titleFromName } from "./naming.js";

describe("names made from ids", () => {
  it("gives TypeScript names and labels, acronyms in capitals", () => {
    expect(pascalCase("zq_record_id")).toBe("ZqRecordId");
    expect(camelCase("zq-record-id")).toBe("zqRecordId");
    expect(titleFromName("zqRecordId")).toBe("Zq record ID");
    expect(titleFromName("min_zq_url")).toBe("Min zq URL");
  });

  it("lowers a leading acronym whole in a camel name (a header OCI-Tag: ociTag, not oCITag)", () => {
    expect(camelCase("ZQT-Tag")).toBe("zqtTag");
    expect(camelCase("ZQT")).toBe("zqt");
    expect(camelCase("ZQ2_tag")).toBe("zq2Tag");
    expect(camelCase("ETag")).toBe("eTag");
    expect(camelCase("Zq-Request-ID")).toBe("zqRequestID");
    expect(camelCase("ZQ_QOS.CORRELATION_ID")).toBe("zqQosCorrelationId");
    expect(pascalCase("ZQT-Tag")).toBe("ZQTTag");
  });

  it("gives the same answer when asked again, past the remembered names' bound", () => {
    const first = Array.from({ length: 9000 }, (_, i) => [pascalCase(`zq_n${i}`), titleFromName(`zqN${i}_api`)]);
    expect(first[0]).toEqual(["ZqN0", "Zq n0 API"]);
    for (const i of [0, 4500, 8999]) {
      expect(pascalCase(`zq_n${i}`)).toBe(first[i]?.[0]);
      expect(titleFromName(`zqN${i}_api`)).toBe(first[i]?.[1]);
    }
  });

  it("reads a word named like an object's own property (constructor) as a word", () => {
    expect(titleFromName("constructor")).toBe("Constructor");
    expect(titleFromName("zq_constructor_id")).toBe("Zq constructor ID");
    expect(pascalCase("constructor")).toBe("Constructor");
  });
});
