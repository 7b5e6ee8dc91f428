/** Message templates of every catalogue (syntax, check, runtime): `{name}` is replaced by that argument. */
export function fillTemplate(template: string, args: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in args ? String(args[k]) : m));
}
