// TypeScript types of an OpenAPI document, through openapi-typescript's Node
// API (in-process: its CLI costs a second of start-up per spec).
import openapiTS, { astToString } from "openapi-typescript";
import { tsHeader } from "./emit.js";

export async function emitOpenApiTypes(document: unknown, inputs: string[]): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: false });
  return `${tsHeader(inputs)}\n${astToString(ast)}`;
}
