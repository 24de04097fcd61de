// What the mocks' Prism reads of uri-template-lite (Prism's path templates, parts/prism-templates-once.cjs), which
// ships no types.
declare module "uri-template-lite" {
  export const URI: {
    Template: new (
      template: string,
    ) => { template: string; match(uri: string): Record<string, string | string[]> | null };
  };
}
