// `auth.flows.<grant>.tokenFields`: fixed form fields every token request of a flow carries (an `audience`). The
// link refuses a grant's own field or a value that is no text, at the manifest's line, and each tool carries them.
import { describe, expect, it } from "vitest";
import { OAUTH_EDITS, oauthTrackerTools } from "../../../test-support/oauth/oauth-tracker.js";
import { type Edit, wildProblems } from "../../../test-support/link-wild.js";

const withFields = (yaml: string): Edit => ({
  find: "      clientSecret: clientSecret\n    refreshToken:\n",
  replace: `      clientSecret: clientSecret\n      tokenFields:\n${yaml}    refreshToken:\n`,
});

describe("a flow's tokenFields", () => {
  it("travel in each tool's flow", async () => {
    const tools = await oauthTrackerTools([withFields("        audience: https://api.zq-tracker.test\n")]);
    for (const tool of Object.values(tools))
      expect(tool.oauth?.flows.find((f) => f.grant === "clientCredentials")?.tokenFields).toEqual({
        audience: "https://api.zq-tracker.test",
      });
  });

  it("refuse a grant's own field and a value that is no text, naming the place", async () => {
    for (const [yaml, said] of [
      ["        grant_type: password\n", /tokenFields.*grant_type/],
      ["        client_secret: zq\n", /tokenFields.*client_secret/],
      ["        audience: 42\n", /tokenFields\.audience.*string/],
      ["        audience: ''\n", /tokenFields\.audience/],
    ] as const) {
      const problems = await wildProblems("tracker", [...OAUTH_EDITS, withFields(yaml)]);
      expect(problems.join("\n"), yaml).toMatch(/^specs\/tracker\/manifest\.yaml:\d+:\d+: /);
      expect(problems.join("\n"), yaml).toMatch(said);
    }
  });
});
