// An `Accept` constant must admit a media type the operation's success
// response offers: else every call is answered 406 (a mock does so).
import { describe, expect, it } from "vitest";
import { wildProblems } from "../../../test-support/link-wild.js";

const accept = (value: string) => ({
  find: "  - { in: header, name: Accept, value: application/vnd.tracker+json }\n",
  replace: `  - { in: header, name: Accept, value: "${value}" }\n`,
});

describe("an Accept constant", () => {
  it(
    "that no success response offers is refused at its " + "value, for each operation, naming what is offered",
    async () => {
      const says = (op: string) =>
        `specs/tracker/manifest.yaml:18:40: constants.0.value: Accept "application/vnd.other+json" admits none ` +
        `of the media types the success responses of "${op}" offer in specs/tracker/openapi.yaml ` +
        `(application/vnd.tracker+json): the upstream would answer 406 Not Acceptable`;
      expect(await wildProblems("tracker", [accept("application/vnd.other+json")])).toEqual([
        says("issues/create"),
        says("issues/list-for-repo"),
      ]);
    },
  );

  it(
    "is accepted when one of its ranges covers an offered " + "type (wildcards, parameters and q-values read)",
    async () => {
      for (const value of [
        "application/vnd.tracker+json",
        "application/*",
        "*/*",
        "text/html;q=0.5, application/vnd.tracker+json; charset=utf-8",
      ]) {
        expect(await wildProblems("tracker", [accept(value)]), value).toEqual([]);
      }
      expect(await wildProblems("tracker", [accept("application/vnd.tracker+json;q=0, text/html")])).toHaveLength(2);
    },
  );
});
