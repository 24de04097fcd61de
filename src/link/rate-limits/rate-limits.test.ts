// `rateLimits.requestsPerMinute`: the request rate the upstream documents,
// carried by every tool of the provider, refused unless a whole number of
// at least 1, and recorded in the surface apart from the retry policy, so
// that diff tells a changed rate from a changed policy.
import { describe, expect, it } from "vitest";
import { type Edit, linkWild } from "../../../test-support/link-wild.js";
import type { ProviderIR } from "../../model/ir.js";
import { rateLimitsSurface, requestsPerMinuteSurface } from "./rate-limits.js";

const declaring = (rate: string): Edit => ({
  find: "errors:\n",
  replace: `rateLimits:\n  resetHeader: X-RateLimit-Reset\n  requestsPerMinute: ${rate}\nerrors:\n`,
});

async function linked(edits: Edit[]): Promise<ProviderIR> {
  const result = await linkWild("tracker", edits);
  if (!("ir" in result)) throw new Error(result.problems.join("\n"));
  return result.ir;
}

describe("rateLimits.requestsPerMinute", () => {
  it("is carried by every tool of the provider, beside the rest of the policy", async () => {
    const ir = await linked([declaring("30")]);
    expect(ir.operations.length).toBeGreaterThan(1);
    for (const { tool } of ir.operations)
      expect(tool.rateLimits, tool.id).toEqual({ resetHeader: "x-ratelimit-reset", requestsPerMinute: 30 });
  });

  it("is refused unless a whole number from 1, at its place in the manifest", async () => {
    const refused: [string, string][] = [
      ["0", "must be >= 1"],
      ["2.5", "must be integer"],
      ['"10"', "must be integer"],
      ["2000000", "must be <= 1000000"],
    ];
    for (const [rate, rule] of refused) {
      const result = await linkWild("tracker", [declaring(rate)]);
      expect(result, rate).toEqual({
        problems: [`specs/tracker/manifest.yaml:22:22: rateLimits.requestsPerMinute: ${rule}, got ${rate}`],
      });
    }
  });

  it("is recorded in the surface by its own entry, not in the retry policy's", async () => {
    const ir = await linked([declaring("30")]);
    expect(requestsPerMinuteSurface.record(ir)).toEqual({ rateLimits: { requestsPerMinute: 30 } });
    expect(rateLimitsSurface.record(ir)).toEqual({ rateLimits: { resetHeader: "x-ratelimit-reset" } });
    // The rate alone: the policy entry records nothing, so that its diff sees no policy at all.
    const alone = await linked([{ find: "errors:\n", replace: "rateLimits:\n  requestsPerMinute: 30\nerrors:\n" }]);
    expect(rateLimitsSurface.record(alone)).toEqual({});
    expect(requestsPerMinuteSurface.record(alone)).toEqual({ rateLimits: { requestsPerMinute: 30 } });
    // Without it, nothing.
    expect(requestsPerMinuteSurface.record(await linked([]))).toEqual({});
  });
});
