// Plain scalars of digits after a leading zero are read as text: YAML 1.1
// emitters (js-yaml 3, PyYAML) write them unquoted when 1.1 reads them as
// text, and YAML 1.2's integer lost their zeros (and, past 2^53, digits).
import { describe, expect, it } from "vitest";
import { parseYamlSource } from "./yaml-source.js";

const read = (text: string) => parseYamlSource<Record<string, unknown>>(text, "zq.yaml").data;

describe("numbers in YAML sources", () => {
  it("reads digits after a leading zero as the text written", () => {
    expect(
      read("barcode: 03399026944140000002628346101018898510000008848\nzip: 01234\nsigned: -012\nzeros: 00\n"),
    ).toEqual({
      barcode: "03399026944140000002628346101018898510000008848",
      zip: "01234",
      signed: "-012",
      zeros: "00",
    });
  });

  it("still reads numbers as YAML 1.2 does: zero, decimals, hexadecimal and octal with their prefixes, floats", () => {
    expect(read("a: 0\nb: 42\nc: -7\nd: 0x1F\ne: 0o17\nf: 0.5\ng: 1e3\nh: '0339'\n")).toEqual({
      a: 0,
      b: 42,
      c: -7,
      d: 31,
      e: 15,
      f: 0.5,
      g: 1000,
      h: "0339",
    });
  });
});
