// The history bench's scoring (README.md of contract-tests/history, "Using
// it") on a made-up truth: correct needs the kind and the severity, another
// kind at a truth's place is wrong, a place the truth does not name is
// noise, deeper than the scope or inside a removed object is not counted.
import { describe, expect, it } from "vitest";
import { score, type Truth } from "./history-score.js";

const truth: Truth = {
  changes: [
    {
      id: "request-property-removed",
      operation: "updateZqTask",
      location: "request.body",
      pointer: "/data/workspace",
      severity: "breaking",
    },
    {
      id: "response-property-removed",
      operation: "updateZqTask",
      location: "response.200.body",
      pointer: "/data/owner",
      severity: "breaking",
    },
    {
      id: "request-property-description-changed",
      operation: "updateZqTask",
      location: "request.body",
      pointer: "/data/name",
      severity: "informational",
    },
    {
      id: "new-optional-request-parameter",
      operation: "listZqTasks",
      location: "request.parameter.query",
      pointer: "limit",
      severity: "non-breaking",
    },
  ],
  "not-changes": [{ what: "$ref inlined", location: "response.200.body", at: ["listZqTasks /data/*/tags"] }],
};

describe("history score", () => {
  it("counts correct, wrong, noise and missed as the corpus README says", () => {
    const s = score(truth, [
      {
        kind: "request-property-removed",
        operation: "updateZqTask",
        location: "request.body",
        pointer: "/data/workspace",
        severity: "breaking",
      },
      {
        kind: "request-property-removed",
        operation: "updateZqTask",
        location: "request.body",
        pointer: "/data/name",
        severity: "breaking",
      },
      {
        kind: "response-property-removed",
        operation: "updateZqTask",
        location: "response.200.body",
        pointer: "/data/owner/login",
        severity: "breaking",
      },
      {
        kind: "response-property-removed",
        operation: "updateZqTask",
        location: "response.200.body",
        pointer: "/data/a/b/c/d",
        severity: "breaking",
      },
      {
        kind: "response-property-type-changed",
        operation: "listZqTasks",
        location: "response.200.body",
        pointer: "/data/*/tags",
        severity: "breaking",
      },
      {
        kind: "response-property-added",
        operation: "listZqTasks",
        location: "response.200.body",
        pointer: "/data/*/due",
        severity: "non-breaking",
      },
      {
        kind: "response-property-removed",
        operation: "listZqTasks",
        location: "response.400.body",
        pointer: "/error",
        severity: "breaking",
      },
    ]);
    expect({
      correct: s.correct,
      wrong: s.wrong,
      notChanges: s.noiseNotChanges,
      unexplained: s.noiseUnexplained,
      missed: s.missed,
    }).toEqual({ correct: 1, wrong: 1, notChanges: 1, unexplained: 1, missed: 2 });
    expect(s.found).toEqual({ breaking: [1, 2], "non-breaking": [0, 1], informational: [0, 1] });
  });

  it(
    "a report about the answer of a success status added, or inside it, is detail, not noise or wrong; " +
      "the status itself is matched",
    () => {
      const added: Truth = {
        changes: [
          {
            id: "response-success-status-added",
            operation: "dispatchZqRun",
            location: "response.200.body",
            pointer: "/",
            severity: "non-breaking",
          },
        ],
      };
      const s = score(added, [
        {
          kind: "response-success-status-added",
          operation: "dispatchZqRun",
          location: "response.200.body",
          pointer: "/",
          severity: "non-breaking",
        },
        {
          kind: "response-property-added",
          operation: "dispatchZqRun",
          location: "response.200.body",
          pointer: "/zqrunId",
          severity: "non-breaking",
        },
        {
          kind: "response-property-added",
          operation: "dispatchZqRun",
          location: "response.200.body",
          pointer: "/",
          severity: "non-breaking",
        },
        {
          kind: "response-property-added",
          operation: "dispatchZqRun",
          location: "response.201.body",
          pointer: "/zqrunId",
          severity: "non-breaking",
        },
      ]);
      expect({ correct: s.correct, wrong: s.wrong, unexplained: s.noiseUnexplained, missed: s.missed }).toEqual({
        correct: 1,
        wrong: 0,
        unexplained: 1,
        missed: 0,
      });
    },
  );

  it("the right kind on the other side of breaking is wrong", () => {
    const s = score(truth, [
      {
        kind: "new-optional-request-parameter",
        operation: "listZqTasks",
        location: "request.parameter.query",
        pointer: "limit",
        severity: "breaking",
      },
    ]);
    expect([s.correct, s.wrong]).toEqual([0, 1]);
  });
});
