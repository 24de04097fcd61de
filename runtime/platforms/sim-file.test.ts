// Sim's file values as executeTool takes them (sim-file.ts): a UserFile with
// its content as a named, typed File; one at an absolute address as that
// address; a list as Sim's `file[]` gives it; and what cannot be read refused,
// naming the parameter.
import { describe, expect, it } from "vitest";
import { simFileValue } from "./sim-file.js";

const CONTENT = new Uint8Array([0, 1, 2, 250, 255]);
const base64 = Buffer.from(CONTENT).toString("base64");
const userFile = (over: Record<string, unknown> = {}) => ({
  id: "zq-f1",
  name: "zq-scan.png",
  url: "/api/files/serve/zq-ws/zq-scan.png",
  key: "zq-ws/zq-scan.png",
  size: CONTENT.length,
  type: "image/png",
  base64,
  ...over,
});

async function fileOf(
  result: ReturnType<typeof simFileValue>,
): Promise<{ name: string; type: string; bytes: number[] }> {
  if (!("value" in result) || !(result.value instanceof File)) throw new Error(JSON.stringify(result));
  return {
    name: result.value.name,
    type: result.value.type,
    bytes: [...new Uint8Array(await result.value.arrayBuffer())],
  };
}

describe("a Sim file", () => {
  it("with its content is that content, named and typed as Sim has it (a data URL's head left out)", async () => {
    const want = { name: "zq-scan.png", type: "image/png", bytes: [...CONTENT] };
    expect(await fileOf(simFileValue("scan", userFile()))).toEqual(want);
    expect(await fileOf(simFileValue("scan", userFile({ base64: `data:image/png;base64,${base64}` })))).toEqual(want);
    // JSON text of it, as a short input holding a reference gives it.
    expect(await fileOf(simFileValue("scan", JSON.stringify(userFile())))).toEqual(want);
  });

  it("at an absolute address is that address; an https address given as text is kept", () => {
    const link = "https://zq-bucket.test/zq-ws/zq-scan.png?X-Zq-Signature=abc";
    expect(simFileValue("scan", userFile({ base64: undefined, url: link }))).toEqual({ value: link });
    expect(simFileValue("scan", ` ${link} `)).toEqual({ value: link });
  });

  it("as a list: each file for a list parameter (file[]), the one file for a parameter of one", async () => {
    const two = simFileValue("scans", [userFile(), userFile({ name: "zq-2.png" })], true);
    expect("value" in two && (two.value as File[]).map((f) => f.name)).toEqual(["zq-scan.png", "zq-2.png"]);
    expect(await fileOf(simFileValue("scan", [userFile()]))).toMatchObject({ name: "zq-scan.png" });
    expect(simFileValue("scan", [userFile(), userFile()])).toEqual({
      problem: "scan: takes one file, got a list of 2",
    });
  });

  it("keeps bytes given as they are", () => {
    expect(simFileValue("scan", CONTENT)).toEqual({ value: CONTENT });
  });

  it("is refused, naming the parameter, when it cannot be read here", () => {
    const problems = [
      simFileValue("scan", userFile({ base64: undefined })),
      simFileValue("scan", "/etc/zq-passwd"),
      simFileValue("scan", userFile({ base64: "zq not base64!" })),
      simFileValue("scan", "{not json"),
      simFileValue("scan", [[userFile()]], true),
      simFileValue("scan", { id: "zq" }),
      simFileValue("scan", true),
    ].map((r) => ("problem" in r ? r.problem : r));
    expect(problems).toEqual([
      expect.stringMatching(
        /^scan: the Sim file "zq-scan.png" came without its content \(base64\) and at an address of Sim's own/,
      ),
      expect.stringMatching(/^scan: must be a Sim file .* not read as a path on Sim's server$/),
      'scan: the Sim file "zq-scan.png" has a base64 content that is not base64',
      "scan: its text starts as JSON (a Sim file's) but is not JSON",
      "scan: a list of files holds files, not lists or JSON text",
      "scan: must be a Sim file (with its name and its url or base64 content) or an https address",
      "scan: must be a Sim file or an https address, got boolean",
    ]);
  });
});
