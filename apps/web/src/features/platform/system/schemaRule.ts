/** What a zod schema offers for checking a value (typed structurally, so the web does not import zod itself). */
interface SafeParser {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
}

/**
 * An antd rule that checks a field with the contract's own schema, so the form refuses exactly what the server
 * would, with the server's message. `topLevel` keeps only the issues of the value itself (a list's length or
 * order), for lists whose items carry their own rules.
 */
export function schemaRule(schema: SafeParser, options: { topLevel?: boolean } = {}) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value);
      if (result.success) return;
      const issues = result.error?.issues ?? [];
      const issue = options.topLevel ? issues.find((i) => i.path.length === 0) : issues[0];
      if (issue) throw new Error(issue.message);
    },
  };
}
