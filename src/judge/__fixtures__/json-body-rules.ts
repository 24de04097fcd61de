// The refusals the request judge gives a JSON body POSTed to one path of a document written as YAML text: the set-up
// the judge's shape tests share (a document, the judge over it, a body sent).
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { type Refusal, requestJudge } from "../judge.js";

/** The refusals of each body POSTed to `url` (none: it meets the document). */
export function jsonBodyRefusals(document: string, url: string): (body: unknown) => Refusal[] {
  const judge = requestJudge(new OpenApiDocument(parseYamlSource(document, "judged.yaml")), {
    basePath: "",
    credential: "present",
  });
  return (body) =>
    judge({
      method: "POST",
      url,
      headers: new Headers({ "content-type": "application/json" }),
      body: new TextEncoder().encode(JSON.stringify(body)),
    }).refusals;
}

/** The rules each body POSTed to `url` is refused by (none: it meets the document). */
export function jsonBodyRules(document: string, url: string): (body: unknown) => string[] {
  const refusals = jsonBodyRefusals(document, url);
  return (body) => refusals(body).map((r) => r.rule);
}
