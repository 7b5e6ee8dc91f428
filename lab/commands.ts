/**
 * The `brook lab` page's commands: what its toolbar buttons and Jupyter's usual notebook keyboard
 * shortcuts do (command mode: A, B, D D, M, Y, Z, I I, 0 0, J/K or arrows, Enter; everywhere:
 * Shift+Enter, Ctrl+Enter, Alt+Enter, Accel+S, Escape).
 *
 * In:  the page's command registry, its one notebook panel, the session dialogs (restart asks first).
 * Out: COMMANDS (ids, as in JupyterLab), TOOLBAR_COMMANDS (the toolbar's buttons, in order).
 * Shape: jupyterlab's examples/notebook/src/commands.ts, less the completer and search.
 */
import type { ISessionContextDialogs } from '@jupyterlab/apputils';
import { NotebookActions, type NotebookPanel } from '@jupyterlab/notebook';
import {
  addIcon,
  deleteIcon,
  fastForwardIcon,
  type LabIcon,
  refreshIcon,
  runIcon,
  saveIcon,
  stopIcon,
} from '@jupyterlab/ui-components';
import type { CommandRegistry } from '@lumino/commands';

export const COMMANDS = {
  save: 'notebook:save',
  insert: 'notebook-cells:insert-below',
  insertAbove: 'notebook-cells:insert-above',
  deleteCell: 'notebook-cells:delete',
  runAndAdvance: 'notebook-cells:run-and-advance',
  run: 'notebook:run-cell',
  runAndInsert: 'notebook-cells:run-and-insert',
  runAll: 'notebook:run-all-cells',
  clearAllOutputs: 'notebook:clear-all-cell-outputs',
  interrupt: 'notebook:interrupt-kernel',
  restart: 'notebook:restart-kernel',
  restartAndRunAll: 'notebook:restart-and-run-all',
  editMode: 'notebook:enter-edit-mode',
  commandMode: 'notebook:enter-command-mode',
  selectAbove: 'notebook-cells:select-above',
  selectBelow: 'notebook-cells:select-below',
  toCode: 'notebook-cells:change-to-code',
  toMarkdown: 'notebook-cells:change-to-markdown',
  undo: 'notebook-cells:undo',
} as const;

export const TOOLBAR_COMMANDS = [
  COMMANDS.save,
  COMMANDS.insert,
  COMMANDS.deleteCell,
  COMMANDS.runAndAdvance,
  COMMANDS.runAll,
  COMMANDS.interrupt,
  COMMANDS.restart,
  COMMANDS.restartAndRunAll,
];

export function setupCommands(commands: CommandRegistry, panel: NotebookPanel, dialogs: ISessionContextDialogs): void {
  const nb = panel.content;
  const session = panel.sessionContext;
  /** A command whose toolbar button is its icon alone, with the label as the tooltip. */
  const add = (id: string, label: string, execute: () => unknown, icon?: LabIcon): void => {
    commands.addCommand(id, {
      label: (args) => (args.toolbar && icon ? '' : label),
      caption: label,
      icon: (args) => (args.toolbar ? icon : undefined),
      execute,
    });
  };
  add(COMMANDS.save, 'Save the notebook', () => panel.context.save(), saveIcon);
  add(COMMANDS.insert, 'Insert a cell below', () => NotebookActions.insertBelow(nb), addIcon);
  add(COMMANDS.insertAbove, 'Insert a cell above', () => NotebookActions.insertAbove(nb));
  add(COMMANDS.deleteCell, 'Delete the selected cells', () => NotebookActions.deleteCells(nb), deleteIcon);
  add(COMMANDS.runAndAdvance, 'Run the selected cells and advance', () => NotebookActions.runAndAdvance(nb, session, dialogs), runIcon);
  add(COMMANDS.run, 'Run the selected cells', () => NotebookActions.run(nb, session, dialogs));
  add(COMMANDS.runAndInsert, 'Run the selected cells and insert below', () => NotebookActions.runAndInsert(nb, session, dialogs));
  // No icon: its label shows, which keeps it apart from restart-and-run-all's fast-forward icon.
  add(COMMANDS.runAll, 'Run all', () => NotebookActions.runAll(nb, session, dialogs));
  add(COMMANDS.clearAllOutputs, 'Clear all outputs', () => NotebookActions.clearAllOutputs(nb));
  add(COMMANDS.interrupt, 'Interrupt the kernel', () => session.session?.kernel?.interrupt(), stopIcon);
  add(COMMANDS.restart, 'Restart the kernel', () => dialogs.restart(session), refreshIcon);
  add(COMMANDS.restartAndRunAll, 'Restart the kernel and run all cells', async () => {
    if (await dialogs.restart(session)) await NotebookActions.runAll(nb, session, dialogs);
  }, fastForwardIcon);
  add(COMMANDS.editMode, 'Edit mode', () => { nb.mode = 'edit'; });
  add(COMMANDS.commandMode, 'Command mode', () => { nb.mode = 'command'; });
  add(COMMANDS.selectAbove, 'Select the cell above', () => NotebookActions.selectAbove(nb));
  add(COMMANDS.selectBelow, 'Select the cell below', () => NotebookActions.selectBelow(nb));
  add(COMMANDS.toCode, 'Change to a code cell', () => NotebookActions.changeCellType(nb, 'code'));
  add(COMMANDS.toMarkdown, 'Change to a markdown cell', () => NotebookActions.changeCellType(nb, 'markdown'));
  add(COMMANDS.undo, 'Undo a cell operation', () => NotebookActions.undo(nb));

  const anywhere = '.jp-Notebook';
  const commandMode = '.jp-Notebook.jp-mod-commandMode :focus:not(:read-write)';
  const bindings: [string, string[], string][] = [
    [anywhere, ['Shift Enter'], COMMANDS.runAndAdvance],
    [anywhere, ['Ctrl Enter'], COMMANDS.run],
    [anywhere, ['Alt Enter'], COMMANDS.runAndInsert],
    [anywhere, ['Accel S'], COMMANDS.save],
    ['.jp-Notebook.jp-mod-editMode', ['Escape'], COMMANDS.commandMode],
    [commandMode, ['Enter'], COMMANDS.editMode],
    [commandMode, ['A'], COMMANDS.insertAbove],
    [commandMode, ['B'], COMMANDS.insert],
    [commandMode, ['D', 'D'], COMMANDS.deleteCell],
    [commandMode, ['M'], COMMANDS.toMarkdown],
    [commandMode, ['Y'], COMMANDS.toCode],
    [commandMode, ['Z'], COMMANDS.undo],
    [commandMode, ['I', 'I'], COMMANDS.interrupt],
    [commandMode, ['0', '0'], COMMANDS.restart],
    [commandMode, ['J'], COMMANDS.selectBelow],
    [commandMode, ['ArrowDown'], COMMANDS.selectBelow],
    [commandMode, ['K'], COMMANDS.selectAbove],
    [commandMode, ['ArrowUp'], COMMANDS.selectAbove],
  ];
  for (const [selector, keys, command] of bindings) commands.addKeyBinding({ selector, keys, command });
}
