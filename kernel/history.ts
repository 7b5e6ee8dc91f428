/**
 * Input history for history_request, in memory for the kernel's life (one session, numbered 1, lines
 * numbered by execution count, as IPython does). jupyter_kernel_test checks tail, range and search
 * (glob patterns, `unique`, `n`); JupyterLab's console uses tail for its up-arrow.
 */

export interface HistoryEntry {
  session: number;
  line: number;
  input: string;
  output: string | null;
}

export type HistoryRow = [number, number, string] | [number, number, [string, string | null]];

export interface HistoryQuery {
  hist_access_type?: string;
  output?: boolean;
  session?: number;
  start?: number;
  stop?: number;
  n?: number;
  pattern?: string;
  unique?: boolean;
}

export const SESSION_NUMBER = 1;

/** A glob (`*`, `?`, `[...]`, as sqlite GLOB in IPython) as an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') re += '[\\s\\S]*';
    else if (c === '?') re += '[\\s\\S]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) re += '\\[';
      else {
        const body = glob.slice(i + 1, close).replace(/\\/g, '\\\\');
        re += `[${body.startsWith('^') ? '\\' + body : body}]`;
        i = close;
      }
    } else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export class History {
  private readonly entries: HistoryEntry[] = [];

  add(line: number, input: string): void {
    this.entries.push({ session: SESSION_NUMBER, line, input, output: null });
  }

  setOutput(line: number, output: string): void {
    const e = this.entries.find((x) => x.line === line);
    if (e) e.output = output;
  }

  query(q: HistoryQuery): HistoryRow[] {
    let rows: HistoryEntry[];
    switch (q.hist_access_type) {
      case 'tail':
        rows = q.n !== undefined && q.n > 0 ? this.entries.slice(-q.n) : [...this.entries];
        break;
      case 'range': {
        // Session 0 or a negative number means this session, as in IPython.
        const s = q.session ?? 0;
        if (s > 0 && s !== SESSION_NUMBER) return [];
        const start = q.start ?? 0;
        const stop = q.stop ?? Number.POSITIVE_INFINITY;
        rows = this.entries.filter((e) => e.line >= start && e.line < stop);
        break;
      }
      case 'search': {
        const re = globToRegExp(q.pattern ?? '*');
        rows = this.entries.filter((e) => re.test(e.input));
        if (q.unique) {
          const seen = new Set<string>();
          const last: HistoryEntry[] = [];
          for (let i = rows.length - 1; i >= 0; i--) {
            if (!seen.has(rows[i]!.input)) {
              seen.add(rows[i]!.input);
              last.unshift(rows[i]!);
            }
          }
          rows = last;
        }
        if (q.n !== undefined && q.n > 0) rows = rows.slice(-q.n);
        break;
      }
      default:
        return [];
    }
    return rows.map((e) => (q.output ? [e.session, e.line, [e.input, e.output]] : [e.session, e.line, e.input]));
  }
}
