/**
 * Tab completion in the `brook lab` page: the kernel's complete_reply (kernel/kernel.ts answers
 * complete_request) shown in JupyterLab's completer. Tab asks, Enter picks, Escape closes.
 *
 * In:  the page's command registry and its one notebook panel.
 * Out: the completer widget attached to the page, following the active cell's editor.
 * Shape: jupyterlab's examples/notebook (its src/index.ts and the completer part of src/commands.ts).
 */
import '@jupyterlab/completer/style/index.css';
import { Completer, CompleterModel, CompletionHandler, KernelCompleterProvider, ProviderReconciliator } from '@jupyterlab/completer';
import type { NotebookPanel } from '@jupyterlab/notebook';
import type { CommandRegistry } from '@lumino/commands';
import { Widget } from '@lumino/widgets';

export const COMPLETION_COMMANDS = {
  invoke: 'completer:invoke-notebook',
  select: 'completer:select-notebook',
} as const;

/** How long the completer waits for the kernel's reply: JupyterLab's 1 s drops the kernel's first
 *  answer, which waits for its TypeScript checker to start (seconds, once per kernel). */
const TIMEOUT_MS = 10_000;

export function setupCompletion(commands: CommandRegistry, panel: NotebookPanel): void {
  const editor = panel.content.activeCell?.editor ?? null;
  const completer = new Completer({ editor, model: new CompleterModel() });
  const reconciliator = () =>
    new ProviderReconciliator({
      context: { widget: panel, editor, session: panel.sessionContext.session },
      providers: [new KernelCompleterProvider()],
      timeout: TIMEOUT_MS,
    });
  const handler = new CompletionHandler({ completer, reconciliator: reconciliator() });
  // The session exists once the kernel has started; a restart keeps it.
  void panel.sessionContext.ready.then(() => {
    handler.reconciliator = reconciliator();
  });
  handler.editor = editor;
  panel.content.activeCellChanged.connect((_, cell) => {
    handler.editor = cell?.editor ?? null;
  });
  completer.hide();
  completer.addClass('jp-ThemedContainer');
  Widget.attach(completer, document.body);

  const inCodeCell = () => panel.content.activeCell?.model.type === 'code';
  commands.addCommand(COMPLETION_COMMANDS.invoke, {
    label: 'Complete',
    execute: () => (inCodeCell() ? handler.invoke() : undefined),
  });
  commands.addCommand(COMPLETION_COMMANDS.select, {
    label: 'Pick the completion',
    execute: () => (inCodeCell() ? handler.completer.selectActive() : undefined),
  });
  commands.addKeyBinding({ selector: '.jp-Notebook.jp-mod-editMode .jp-mod-completer-enabled', keys: ['Tab'], command: COMPLETION_COMMANDS.invoke });
  commands.addKeyBinding({ selector: '.jp-mod-completer-active', keys: ['Enter'], command: COMPLETION_COMMANDS.select });
}
