/** The part of a zod schema the forms use; typed structurally so the web needs no zod import of its own. */
export interface Validator {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** The first message of a field's schema, or undefined when the value passes. */
export function fieldError(schema: Validator, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** A whole form's messages by top-level field (the first message of each field wins). */
export function formErrors<F extends string>(schema: Validator, values: Record<F, unknown>): Partial<Record<F, string>> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<F, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !errors[field as F]) errors[field as F] = issue.message;
  }
  return errors;
}
