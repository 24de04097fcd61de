// A parameter's limits the real APIs need: formats taken from the spec and
// checked before any request, lengths implied by a pattern, a format or a
// credential, lists of enum values in one string, limits of the values
// inside a JSON parameter, and rules that admit no value refused at their
// place in the manifest.
import { validateParams, type ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { type Edit, linkWild } from "../../../test-support/link-wild.js";

async function tools(edits: Edit[]): Promise<Map<string, ToolSpec>> {
  const linked = await linkWild("tracker", edits);
  if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
  return new Map(linked.ir.operations.map((o) => [o.tool.id, o.tool]));
}

async function problems(edits: Edit[]): Promise<string[]> {
  const linked = await linkWild("tracker", edits);
  return "problems" in linked ? linked.problems : [];
}

function issues(tool: ToolSpec | undefined, input: Record<string, unknown>) {
  const base = Object.entries({ token: "bw-test-token-0001", owner: "octo", repo: "hello", title: "Bug" }).filter(
    ([name]) => tool?.params.some((p) => p.name === name),
  );
  const checked = validateParams(tool!, { ...Object.fromEntries(base), ...input });
  return checked.ok ? [] : checked.issues;
}

// The spec's list operation takes `since`, a date-time; the manifest binds it without saying so.
const specSince = {
  file: "openapi.yaml",
  find: "        - name: per_page\n",
  replace:
    "        - name: since\n          in: query\n          schema: { type: string, format: " +
    "date-time }\n        - name: per_page\n",
};
const manifestSince = {
  find: "      perPage:\n",
  replace:
    "      since:\n        type: string\n        description: Only issues updated after this time.\n        " +
    "wire: { in: query }\n      perPage:\n",
};

describe("format", () => {
  it("is taken from the spec, bounds the length, and is checked before any request (field, rule, value)", async () => {
    const list = (await tools([specSince, manifestSince])).get("tracker_list_issues");
    const since = list?.params.find((p) => p.name === "since");
    expect(since).toMatchObject({ format: "date-time", maxLength: 35 });
    expect(issues(list, { since: "2024-05-01T12:00:00Z" })).toEqual([]);
    expect(issues(list, { since: "yesterday" })).toEqual([
      {
        param: "since",
        rule: "format",
        message: 'since: must be an RFC 3339 date-time with a time zone, such as 2024-05-01T12:00:00Z, got "yesterday"',
      },
    ]);
    expect(issues(list, { since: "2024-02-30T12:00:00Z" })).toMatchObject([{ param: "since", rule: "format" }]);
  });

  it("a manifest format other than the spec's is refused at its place", async () => {
    const declared = {
      ...manifestSince,
      replace: manifestSince.replace.replace(
        "        wire: { in: query }\n",
        "        format: date\n        wire: { in: query }\n",
      ),
    };
    expect(await problems([specSince, declared])).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^specs\/tracker\/manifest\.yaml:\d+:\d+: ` +
            String.raw`operations\.tracker_list_issues\.params\.since\.format: ` +
            String.raw`format date is not query parameter "since"'s format date-time in specs\/tracker\/openapi\.yaml$`,
        ),
      ),
    ]);
  });
});

describe("an enum of every value of its type", () => {
  it(
    "a boolean whose spec lists both true and false as " + "its enum links without one (it restricts nothing)",
    async () => {
      const spec = {
        file: "openapi.yaml",
        find: "        - name: per_page\n",
        replace:
          "        - name: draft\n          in: query\n          schema: { type: boolean, enum: [true, " +
          "false] }\n        - name: per_page\n",
      };
      const manifest = {
        find: "      perPage:\n",
        replace:
          "      draft:\n        type: boolean\n        description: Only drafts.\n        wire: { in: " +
          "query }\n      perPage:\n",
      };
      expect(await problems([spec, manifest])).toEqual([]);
      // One value only is a restriction still.
      const one = { ...spec, replace: spec.replace.replace("[true, false]", "[true]") };
      expect(await problems([one, manifest])).toEqual([
        expect.stringMatching(/params\.draft: enum \(none\) is looser than query parameter "draft"'s enum \[true\]/),
      ]);
    },
  );
});

describe("bounds implied by the other rules", () => {
  it("a path parameter with an anchored pattern of bounded length needs no maxLength", async () => {
    const bounded = {
      find: '    maxLength: 39\n    pattern: "^[A-Za-z0-9-]+$"\n',
      replace: '    pattern: "^[A-Za-z0-9-]{1,39}$"\n',
    };
    const list = (await tools([bounded])).get("tracker_list_issues");
    expect(list?.params.find((p) => p.name === "owner")?.maxLength).toBe(39);
    expect(issues(list, { owner: "x".repeat(40) })).toMatchObject([{ param: "owner", rule: "maxLength" }]);
  });

  it("an unbounded pattern still needs one, and the message says what would imply it", async () => {
    const unbounded = {
      find: '    maxLength: 39\n    pattern: "^[A-Za-z0-9-]+$"\n',
      replace: '    pattern: "^[A-Za-z0-9-]+$"\n',
    };
    const says = expect.stringContaining(
      '"owner" is sent as a path parameter, so it needs maxLength (an unbounded value can make the upstream ' +
        "answer 414 or 431; an enum, a format or a pattern anchored with ^…$ of bounded length would imply one)",
    );
    expect(await problems([unbounded])).toEqual([says, says]);
  });

  it("a credential without maxLength takes the documented default, 4096 characters", async () => {
    const list = (
      await tools([
        {
          find: "    maxLength: 255\n    required: true\n    secret: true\n",
          replace: "    required: true\n    secret: true\n",
        },
      ])
    ).get("tracker_list_issues");
    expect(list?.params.find((p) => p.name === "token")?.maxLength).toBe(4096);
    const refused = issues(list, { token: "t".repeat(4097) });
    expect(refused).toEqual([
      {
        param: "token",
        rule: "maxLength",
        message: "token: must be at most 4096 characters long (it has 4097), got (secret value withheld)",
      },
    ]);
  });
});

describe("rules that admit no value", () => {
  it("a pattern that cannot meet the length bounds is refused at generate time, at the pattern", async () => {
    const conflict = {
      find: '    maxLength: 39\n    pattern: "^[A-Za-z0-9-]+$"\n',
      replace: '    minLength: 3\n    maxLength: 39\n    pattern: "^[A-Z]{2}$"\n',
    };
    // The anchor is used by both operations: each use is reported.
    const says = (op: string) =>
      expect.stringMatching(
        new RegExp(
          `^specs/tracker/manifest\\.yaml:\\d+:\\d+: operations\\.${op}\\.params\\.owner\\.pattern: ` +
            `pattern "\\^\\[A-Z\\]\\{2\\}\\$" matches values of 2 to 2 characters, ` +
            `never 3 to 39 characters \\(minLength 3, maxLength 39\\)$`,
        ),
      );
    expect(await problems([conflict])).toEqual([says("tracker_create_issue"), says("tracker_list_issues")]);
  });

  it("a combination the lengths alone do not rule out is refused when no value meeting it is found", async () => {
    const conflict = {
      find: '    maxLength: 39\n    pattern: "^[A-Za-z0-9-]+$"\n',
      replace: '    maxLength: 39\n    pattern: "^(?=.*[0-9])[a-z]+$"\n',
    };
    const says = expect.stringMatching(
      new RegExp(
        String.raw`params\.owner\.pattern: no value of 0 to 39 characters .* was found that meets pattern .*: they ` +
          "may admit none; give an example that meets them all, or loosen them$",
      ),
    );
    expect(await problems([conflict])).toEqual([says, says]);
  });
});

describe("a list of enum values in one string (separator)", () => {
  const labels = {
    find: "        maxLength: 1000\n        placeholder: bug,ui\n",
    replace: '        enum: [bug, ui, docs]\n        separator: ","\n        placeholder: bug,ui\n',
  };

  it("checks each item, sends them trimmed and joined, and is bounded by its enum", async () => {
    const list = (await tools([labels])).get("tracker_list_issues");
    const checked = validateParams(list!, {
      token: "bw-test-token-0001",
      owner: "octo",
      repo: "hello",
      labels: "bug, docs",
    });
    expect(checked.ok && checked.values.labels).toBe("bug,docs");
    expect(issues(list, { labels: "bug,nope" })).toEqual([
      {
        param: "labels",
        rule: "enum",
        message: 'labels: each item (separated by ",") must be one of bug, ui, docs, and "nope" is not, got "bug,nope"',
      },
    ]);
    // Bounded by its enum: each value once, separated.
    expect(list?.params.find((p) => p.name === "labels")?.maxLength).toBe("bug,ui,docs".length);
  });

  it("bound to an array the spec explodes (one value per item), is refused", async () => {
    const specArray = {
      file: "openapi.yaml",
      find:
        "          description: Comma-separated label names; issues must carry all of them.\n          schema: " +
        "{ type: string }\n",
      replace: "          schema: { type: array, items: { type: string, enum: [bug, ui, docs] } }\n",
    };
    expect(await problems([labels, specArray])).toEqual([
      expect.stringContaining(
        'sends query parameter "labels" exploded (one value per item), not as one ","-separated value',
      ),
    ]);
    const csv = {
      ...specArray,
      replace: specArray.replace.replace("          schema:", "          explode: false\n          schema:"),
    };
    expect(await problems([labels, csv])).toEqual([]);
  });
});

describe("limits of the values inside a JSON parameter", () => {
  const specAssignees = {
    file: "openapi.yaml",
    find: "assignees: { type: array, maxItems: 10, items: { type: string } }",
    replace: "assignees: { type: array, maxItems: 10, items: { type: string, maxLength: 39 } }",
  };
  const manifestAssignees = {
    find: "      labels:\n        type: string\n        placeholder: bug,ui\n        description: Labels to add",
    replace:
      "      assignees:\n        type: json\n        jsonType: array\n        description: " +
      "Accounts to assign.\n        wire: { in: body }\n      labels:\n        type: " +
      "string\n        placeholder: bug,ui\n        description: Labels to add",
  };

  it("are taken from the spec's items and checked before any request, naming the index", async () => {
    const create = (await tools([specAssignees, manifestAssignees])).get("tracker_create_issue");
    expect(create?.params.find((p) => p.name === "assignees")?.items).toEqual({ type: "string", maxLength: 39 });
    expect(issues(create, { assignees: ["octo", "x".repeat(40)] })).toEqual([
      {
        param: "assignees",
        rule: "maxLength",
        message: `assignees[1]: must be at most 39 characters long (it has 40), got "${"x".repeat(40)}"`,
      },
    ]);
    expect(issues(create, { assignees: ["octo", 7] })).toMatchObject([{ param: "assignees", rule: "type" }]);
  });

  it("a number item of an int32 format is an integer item, a fraction refused before any request", async () => {
    const wholeItems = {
      ...specAssignees,
      replace: "assignees: { type: array, maxItems: 10, items: { type: number, format: int32 } }",
    };
    const create = (await tools([wholeItems, manifestAssignees])).get("tracker_create_issue");
    expect(create?.params.find((p) => p.name === "assignees")?.items).toEqual({ type: "integer" });
    expect(issues(create, { assignees: [12, 34] })).toEqual([]);
    expect(issues(create, { assignees: [12, 5e-324] })).toMatchObject([{ param: "assignees" }]);
  });

  it("may be tightened in the manifest, never loosened", async () => {
    const tighter = {
      ...manifestAssignees,
      replace: manifestAssignees.replace.replace(
        "        jsonType: array\n",
        "        jsonType: array\n        items: { maxLength: 20 }\n",
      ),
    };
    expect(
      (await tools([specAssignees, tighter])).get("tracker_create_issue")?.params.find((p) => p.name === "assignees")
        ?.items,
    ).toEqual({ type: "string", maxLength: 20 });
    const looser = {
      ...manifestAssignees,
      replace: manifestAssignees.replace.replace(
        "        jsonType: array\n",
        "        jsonType: array\n        items: { maxLength: 500 }\n",
      ),
    };
    expect(await problems([specAssignees, looser])).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`operations\.tracker_create_issue\.params\.assignees\.items\.maxLength: maxLength 500 is looser` +
            String.raw` than the items of body field "\/assignees"'s maxLength 39`,
        ),
      ),
    ]);
  });

  it(
    "an array's count of items: maxItems taken from the spec, minItems stated in the manifest, " +
      "both checked before any request",
    async () => {
      const atLeastOne = {
        ...manifestAssignees,
        replace: manifestAssignees.replace.replace(
          "        jsonType: array\n",
          "        jsonType: array\n        minItems: 1\n",
        ),
      };
      const create = (await tools([specAssignees, atLeastOne])).get("tracker_create_issue");
      expect(create?.params.find((p) => p.name === "assignees")).toMatchObject({ minItems: 1, maxItems: 10 });
      expect(issues(create, { assignees: ["octo"] })).toEqual([]);
      expect(issues(create, { assignees: [] })).toEqual([
        {
          param: "assignees",
          rule: "minItems",
          message: "assignees: must hold at least 1 item (it holds 0), got array []",
        },
      ]);
      expect(issues(create, { assignees: Array.from({ length: 11 }, (_, i) => `u${i}`) })).toMatchObject([
        {
          param: "assignees",
          rule: "maxItems",
          message: expect.stringContaining("must hold at most 10 items (it holds 11)"),
        },
      ]);
    },
  );

  it("an array's count of items may be tightened, never loosened, and applies to arrays only", async () => {
    const looser = {
      ...manifestAssignees,
      replace: manifestAssignees.replace.replace(
        "        jsonType: array\n",
        "        jsonType: array\n        maxItems: 50\n",
      ),
    };
    expect(await problems([specAssignees, looser])).toEqual([
      expect.stringMatching(
        /params\.assignees\.maxItems: maxItems 50 is looser than body field "\/assignees"'s maxItems 10/,
      ),
    ]);
    const onObject = {
      ...manifestAssignees,
      replace: manifestAssignees.replace.replace(
        "        jsonType: array\n",
        "        jsonType: object\n        minItems: 1\n",
      ),
    };
    expect(await problems([onObject])).toContainEqual(
      expect.stringMatching(/params\.assignees\.minItems: minItems applies to json parameters with jsonType: array/),
    );
  });

  it("of an object's values, stated in the manifest, name the key", async () => {
    const meta = {
      file: "openapi.yaml",
      find: "                assignees:",
      replace:
        "                metadata: { type: object, additionalProperties: { type: string } " +
        "}\n                assignees:",
    };
    const manifestMeta = {
      find: manifestAssignees.find,
      replace:
        "      metadata:\n        type: json\n        jsonType: object\n        values: { maxLength: " +
        "500 }\n        keys: { maxLength: 40 }\n        description: Key-value pairs.\n        wire: { in: " +
        "body }\n" +
        manifestAssignees.find.slice(manifestAssignees.find.indexOf("      labels:")),
    };
    const create = (await tools([meta, manifestMeta])).get("tracker_create_issue");
    expect(issues(create, { metadata: { note: "x".repeat(500) } })).toEqual([]);
    expect(issues(create, { metadata: { note: "x".repeat(501) } })).toEqual([
      {
        param: "metadata",
        rule: "maxLength",
        message:
          `metadata["note"]: must be at most 500 characters long (it has 501), got "${"x".repeat(100)}"` +
          `… (501 characters)`,
      },
    ]);
    expect(issues(create, { metadata: { ["k".repeat(41)]: "v" } })).toMatchObject([
      {
        param: "metadata",
        rule: "maxLength",
        message: expect.stringContaining("the key must be at most 40 characters long"),
      },
    ]);
  });
});

describe("keywords of another type than the value's", () => {
  // Published documents put maxLength and a pattern on an object (meaning its serialised size) and maxLength on an
  // integer: JSON Schema applies them to strings only, so they hold nothing a parameter must repeat.
  const specFields = {
    file: "openapi.yaml",
    find: "                assignees: { type: array, maxItems: 10, items: { type: string } }\n",
    replace:
      "                assignees: { type: array, maxItems: 10, items: { type: string } }\n" +
      '                zqmeta: { type: object, maxLength: 500, pattern: "[^\\"]{0,500}", ' +
      "additionalProperties: { type: string } }\n" +
      "                zqrank: { type: integer, maxLength: 3 }\n",
  };
  const manifestFields = (extra = "") => ({
    find: "      labels:\n        type: string\n        placeholder: bug,ui\n",
    replace:
      `      zqmeta:\n        type: json\n        jsonType: object\n        description: ` +
      `Free labels.${extra}\n        wire: { in: body }\n      zqrank:\n        type: number\n        integer: ` +
      `true\n        description: A rank.${extra}\n        wire: { in: body }\n      labels:\n        type: ` +
      `string\n        placeholder: bug,ui\n`,
  });

  it(
    "string keywords on an object or an integer are not asked of its json or number parameter, " +
      "with or without limitsFromSpec",
    async () => {
      expect(await problems([specFields, manifestFields()])).toEqual([]);
      const create = (await tools([specFields, manifestFields("\n        limitsFromSpec: true")])).get(
        "tracker_create_issue",
      );
      expect(create?.params.find((p) => p.name === "zqmeta")).not.toHaveProperty("maxLength");
      expect(create?.params.find((p) => p.name === "zqrank")).not.toHaveProperty("maxLength");
    },
  );

  it("on a string they still are", async () => {
    const asString = {
      ...specFields,
      replace: specFields.replace.replace(
        "zqrank: { type: integer, maxLength: 3 }",
        "zqrank: { type: string, maxLength: 3 }",
      ),
    };
    const stringRank = {
      find: "      labels:\n        type: string\n        placeholder: bug,ui\n",
      replace:
        "      zqrank:\n        type: string\n        description: A rank.\n        wire: { in: " +
        "body }\n      labels:\n        type: string\n        placeholder: bug,ui\n",
    };
    expect(await problems([asString, stringRank])).toEqual([
      expect.stringMatching(/params\.zqrank: maxLength \(none\) is looser than body field "\/zqrank"'s maxLength 3/),
    ]);
  });
});
