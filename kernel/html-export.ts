/**
 * A simple, self-contained HTML page of an executed notebook (`brook execute --html`): code with its
 * execution count, outputs in the richest form a browser shows without scripts (HTML, SVG, PNG/JPEG,
 * then text), errors with ANSI colours stripped. Markdown cells get a small renderer (headings, code
 * fences, paragraphs, inline code, emphasis, links), enough for example notebooks; anything fancier shows
 * as text.
 */
import type { Notebook, NbOutput } from './execute-notebook.js';

const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*]+)\*/g, '<em>$1</em>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, url: string) =>
      /^(https?:|#|\.{0,2}\/)/.test(url) ? `<a href="${url}">${label}</a>` : label);
}

export function renderMarkdown(md: string): string {
  const out: string[] = [];
  const lines = md.split('\n');
  let para: string[] = [];
  const endPara = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```/.exec(line);
    if (fence) {
      endPara();
      const code: string[] = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]!); i++) code.push(lines[i]!);
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
      continue;
    }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      endPara();
      out.push(`<h${h[1]!.length}>${inline(h[2]!)}</h${h[1]!.length}>`);
    } else if (/^\s*[-*]\s+/.test(line)) {
      endPara();
      out.push(`<ul><li>${inline(line.replace(/^\s*[-*]\s+/, ''))}</li></ul>`);
    } else if (line.trim() === '') endPara();
    else para.push(line);
  }
  endPara();
  return out.join('\n').replace(/<\/ul>\n<ul>/g, '\n');
}

function text(value: unknown): string {
  return Array.isArray(value) ? value.join('') : String(value ?? '');
}

function renderOutput(o: NbOutput): string {
  if (o.output_type === 'stream') return `<pre class="stream ${o.name}">${escapeHtml(o.text.replace(ANSI, ''))}</pre>`;
  if (o.output_type === 'error') return `<pre class="error">${escapeHtml(o.traceback.join('\n').replace(ANSI, ''))}</pre>`;
  const d = o.data;
  if (d['text/html'] !== undefined) return `<div class="html">${text(d['text/html'])}</div>`;
  if (d['image/svg+xml'] !== undefined) return `<div class="svg">${text(d['image/svg+xml'])}</div>`;
  for (const mime of ['image/png', 'image/jpeg', 'image/gif']) {
    if (d[mime] !== undefined) return `<img src="data:${mime};base64,${text(d[mime]).replace(/\s/g, '')}" alt="output">`;
  }
  if (d['text/markdown'] !== undefined) return `<div class="md">${renderMarkdown(text(d['text/markdown']))}</div>`;
  return `<pre class="text">${escapeHtml(text(d['text/plain']).replace(ANSI, ''))}</pre>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
.cell{margin:1rem 0}.in{background:#f5f5f5;border-left:3px solid #1d5f8a;padding:.5rem;overflow-x:auto}
.count{color:#1d5f8a;font-size:.8rem}pre{margin:.25rem 0;white-space:pre-wrap}.stderr{background:#fdd}
.error{background:#fee;border-left:3px solid #c00;padding:.5rem}img{max-width:100%}`;

export function renderNotebookHtml(nb: Notebook): string {
  const title = escapeHtml(String((nb.metadata as { title?: unknown }).title ?? 'Notebook'));
  const body = nb.cells.map((cell) => {
    const source = text(cell.source);
    if (cell.cell_type === 'markdown') return `<div class="cell md">${renderMarkdown(source)}</div>`;
    if (cell.cell_type === 'raw') return `<div class="cell raw"><pre>${escapeHtml(source)}</pre></div>`;
    const count = cell.execution_count ?? ' ';
    const outputs = (cell.outputs ?? []).map(renderOutput).join('\n');
    return `<div class="cell code"><div class="count">In [${count}]:</div><pre class="in"><code>${escapeHtml(source)}</code></pre>\n${outputs}</div>`;
  });
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title><style>${STYLE}</style></head>\n<body>\n${body.join('\n')}\n</body></html>\n`;
}
