// A long id's agent tool name (llmToolName, shortWords): its least telling words go first, so that a plain-word id
// keeps what it acts on and a path's id keeps its end. The ids are made up.
import { describe, expect, it } from "vitest";
import { LLM_TOOL_NAME, LLM_TOOL_NAME_MAX, llmToolName } from "./llm-tools.js";
import { shortWords } from "./short-names.js";

const unhashed = (id: string) => llmToolName(id).replace(/_[0-9a-f]{8}$/, "");

describe("a long id's tool name", () => {
  it.each([
    // Filler words go first, then content words; the word after the verb (what it acts on) stays.
    ["zqcc_get_all_config_with_meta_data_agent_burnout", "zqcc_get_config_data_agent_burnout"],
    ["zqcc_getAllConfigWithMetaDataAgentBurnoutForTheCurrentUser", "zqcc_getConfigAgentBurnoutCurrentUser"],
    ["zq_list_orders_by_customer_for_the_current_billing_period_of_the_year", "zq_list_orders_billing_period_of_year"],
    // A path's id: a word another holds (`repo` in `repositories`) goes before the path's shared start.
    ["zqbb_get_repositories_workspace_repo_slug_src_commit_path", "zqbb_get_repo_slug_src_commit_path"],
  ])("of %s keeps the telling words: %s", (id, name) => {
    expect(unhashed(id)).toBe(name);
  });

  it("is within the limit, of allowed characters, the same each time, and apart for ids that read alike", () => {
    const ids = [
      "zqcc_get_all_config_with_meta_data_agent_burnout",
      "zqcc_get_all_config_with_meta_data_agent_burnout_2",
      "zqcc_get_config_with_the_meta_data_agent_burnout",
      "zqcc_getAllConfigWithMetaDataAgentBurnoutForTheCurrentUser",
    ];
    const names = ids.map(llmToolName);
    for (const n of names) {
      expect(n).toMatch(LLM_TOOL_NAME);
      expect(n.length).toBeLessThanOrEqual(LLM_TOOL_NAME_MAX);
    }
    expect(new Set(names).size).toBe(ids.length);
    expect(ids.map(llmToolName)).toEqual(names);
  });

  it("keeps its ends, cut at the room, when they alone do not fit", () => {
    expect(shortWords(`zq_get_${"x".repeat(20)}_${"y".repeat(20)}`, 30)).toBe(`zq_get_${"y".repeat(20)}`);
    expect(shortWords(`zq_get_${"y".repeat(40)}`, 30)).toBe(`zq_get_${"y".repeat(23)}`);
  });

  it("puts back a dropped word where room is left, but not one a kept word holds", () => {
    // `zqrepo` goes first (held by `zqrepositories`), then `zqrepositories`: `zqrepo` then fits again.
    const path = "zq_get_zqrepositories_zqworkspace_zqrepo_zqslug_zqsrc_zqpath";
    expect(shortWords(path, 45)).toBe("zq_get_zqworkspace_zqrepo_zqslug_zqsrc_zqpath");
    // `zqslug` would fit again, but `zqslugs`, kept, holds it.
    expect(shortWords("zq_get_zqalphabetical_zqslugs_zqslug_zqend", 30)).toBe("zq_get_zqslugs_zqend");
  });
});
