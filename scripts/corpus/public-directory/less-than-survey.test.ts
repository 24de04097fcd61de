// The survey's classes of "less than" and its kin, by the words and the schema's type alone: the docs' counts
// (docs/contributing/README.md › Bound words in the directory) rest on them.
import { describe, expect, it } from "vitest";
import { classify } from "./less-than-survey.js";

const classOf = (description: string, type = "integer", name = "zqValue") =>
  classify(description, type, name).map((o) => [o.word, o.cls]);

describe("the less-than survey's classes", () => {
  it("tells a bound of the value from another unit, another thing, an inclusive or negated bound, other words", () => {
    expect(classOf("Must be less than 100.")).toEqual([["less", "value"]]);
    expect(classOf("The zq timeout, in seconds. Must be less than 60 seconds.")).toEqual([["less", "ownUnit"]]);
    expect(classOf("Must be less than 10MB.", "number")).toEqual([["less", "otherUnit"]]);
    expect(classOf("Only zq items updated less than 30 days ago.", "string")).toEqual([["less", "otherUnit"]]);
    expect(classOf("Must be fewer than 255 characters.", "string")).toEqual([["fewer", "otherThing"]]);
    expect(classOf("The zq name must be less than 64.", "string")).toEqual([["less", "otherThing"]]);
    expect(classOf("The zq size must be less than 64.")).toEqual([["less", "otherThing"]]);
    expect(classOf("Must be less than or equal to 100.")).toEqual([["less", "inclusive"]]);
    expect(classOf("This cannot be less than 0.")).toEqual([["less", "inclusive"]]);
    expect(classOf("Must be lower than zq_max.")).toEqual([["lower", "other"]]);
    expect(classOf("Less than 50 is a weak match.")).toEqual([["less", "other"]]);
    expect(classOf("If you specify a value less than 1, the default is used.")).toEqual([["less", "other"]]);
    expect(classOf("The fields below.", "string")).toEqual([["below", "other"]]);
  });
});
