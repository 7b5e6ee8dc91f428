/** Message templates of every catalogue (syntax, check, runtime): `{name}` is replaced by that argument. */
export function fillTemplate(template: string, args: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in args ? String(args[k]) : m));
}

/** A catalogue entry filled in: the message and, when the entry has one, the hint. */
export function formatTemplate(t: { message: string; hint?: string }, args: Record<string, unknown>): { message: string; hint?: string } {
  return { message: fillTemplate(t.message, args), hint: t.hint === undefined ? undefined : fillTemplate(t.hint, args) };
}
